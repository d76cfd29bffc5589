// Debian's Chromium, shared by the end-to-end tests, the benchmarks and the
// icon drawing. The flags keep it from reaching for the network (this
// machine has none) and let it run as root in a container.
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
