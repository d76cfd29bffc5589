// Debian's Chromium, shared by the end-to-end tests, the benchmarks and the
// icon drawing. The flags keep it from reaching for the network (this
// machine has none) and let it run as root in a container.
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// Chromium keeps a single --disable-features switch, and the tests' Playwright passes its own; so its list
// (playwright-core 1.65.1, chromiumSwitches.ts) is repeated here before ours. Ours: the address bar's
// suggestion popups, which this Chromium loads for every new window (each test's browser context) as two
// WebUI pages with a renderer process each, never to be shown in a windowless browser.
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];
