import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { pauseClock, resumeClock } from "./account-helpers";
import { expect, MOBILE, test as base, type Accessibility } from "./fixtures";
import { TIMEOUTS } from "./timeouts";
import { waitForHydration } from "./chrome-helpers";

// The update flow (docs/product-rules.md, "PWA and updates") against the real production build.
//
// A new version is a changed /sw.js. Chromium fetches the worker script for an
// update check in the browser process, where neither page.route nor
// context.route nor the DevTools Fetch domain sees it; so each test talks to
// the server through a small proxy of its own that, once told, serves /sw.js
// with a changed last line: the same as deploying a new build. The last line
// makes each worker answer a "which version?" message ("first", then "next"
// once published), so a test can tell which worker controls the page.

// The timings, written out here rather than imported, so that these tests check the rule itself.
const RELOAD_DELAY_MS = 1000;
const TAKEOVER_TIMEOUT_MS = 15_000;
const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;

const versionLine = (version: "first" | "next") =>
  `\nself.addEventListener("message",(e)=>{if(e.data&&e.data.type==="TEST_VERSION")e.ports[0].postMessage("${version}")});\n`;

type VersionProxy = {
  origin: string;
  /** How many times the browser fetched /sw.js (registration and update checks). */
  workerScriptFetches: () => number;
  publishNextVersion: () => void;
  close: () => Promise<void>;
};

async function startVersionProxy(target: string): Promise<VersionProxy> {
  const upstream = new URL(target);
  let isNextVersionPublished = false;
  let workerScriptFetches = 0;
  const server = http.createServer((req, res) => {
    const isWorkerScript = new URL(req.url ?? "/", "http://proxy").pathname === "/sw.js";
    const isRewritten = isWorkerScript;
    const version = isNextVersionPublished ? "next" : "first";
    if (isWorkerScript) workerScriptFetches += 1;
    const headers = { ...req.headers };
    if (isRewritten) {
      // Plain bytes to append to, and never a 304 for the old bytes.
      headers["accept-encoding"] = "identity";
      delete headers["if-none-match"];
      delete headers["if-modified-since"];
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (!isRewritten || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat([...chunks, Buffer.from(versionLine(version))]);
          const { etag: _etag, "last-modified": _lastModified, ...rest } = answer.headers;
          res.writeHead(200, { ...rest, "content-length": String(body.length) });
          res.end(body);
        });
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    workerScriptFetches: () => workerScriptFetches,
    publishNextVersion: () => {
      isNextVersionPublished = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Says in each page's console (which a failed test's browser log shows) how the workers of its
 * registration move: found, installed, activating, activated, redundant, and each takeover.
 */
function logWorkerLifecycle() {
  const serviceWorker = navigator.serviceWorker;
  if (!serviceWorker) return;
  // Inside: the function is sent to the page as its source, so it takes nothing from outside.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const say = (text: string) => console.info(`[worker] ${text}`);
  const follow = (worker: ServiceWorker | null, role: string) =>
    worker?.addEventListener("statechange", () => say(`${role} worker ${worker.state}`));
  serviceWorker.addEventListener("controllerchange", () => say("a new worker controls the page"));
  void serviceWorker.ready.then((registration) => {
    say(
      `active ${registration.active?.state ?? "none"}, waiting ${registration.waiting?.state ?? "none"}, installing ${registration.installing?.state ?? "none"}`,
    );
    follow(registration.active, "active");
    follow(registration.waiting, "waiting");
    follow(registration.installing, "installing");
    registration.addEventListener("updatefound", () => {
      say("a new worker was found");
      follow(registration.installing, "new");
    });
  });
}

const test = base.extend<{ versionProxy: VersionProxy }>({
  // Not "proxy": that is Playwright's own option for an HTTP proxy.
  versionProxy: async ({ baseURL, context }, use) => {
    await context.addInitScript(logWorkerLifecycle);
    const proxy = await startVersionProxy(baseURL!);
    await use(proxy);
    await proxy.close();
  },
});

test.use({ serviceWorkers: "allow", withServiceWorker: true });
// Each test installs two service workers and reloads pages, with axe checks on every load.
test.slow();

/**
 * Opens a page and waits until the service worker controls it. With the test's
 * a11y fixture, the page is checked with axe once the worker is in control,
 * not on load: axe running while the worker installs can leave Chromium's next
 * update check of that registration hanging (about one run in three on a busy
 * machine, whatever the app does), and these tests are about those checks.
 */
async function openControlledPage(page: Page, url: string, a11y?: Accessibility) {
  const duringInstall = /^/;
  a11y?.skipUrls.push(duringInstall);
  await page.goto(url);
  // The worker registers once the page's scripts run: on a public page read signed out, after an interaction.
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  if (!a11y) return;
  a11y.skipUrls.splice(a11y.skipUrls.indexOf(duringInstall), 1);
  await a11y.check();
}

/** Which build's worker controls the page: "next" for the published new version. */
function controllingVersion(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.addEventListener("message", (event) => resolve(String(event.data)));
        channel.port1.start();
        navigator.serviceWorker.controller?.postMessage({ type: "TEST_VERSION" }, [channel.port2]);
      }),
  );
}

/** The app's own check when the tab becomes visible again (it is visible in headless Chromium). */
function announceTabVisible(page: Page) {
  return page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
}

/** Marks the current document; a reload replaces it with an unmarked one. */
function markDocument(page: Page) {
  return page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });
}
function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === true);
}

/**
 * Waits until the page offers the update as a person finds it: the banner shown and the code of its notices
 * loaded (the banner fetches it as it appears). A request from any tab while Chromium stops the old worker
 * for the swap starts that worker again, and the swap then waits until the worker is idle: 30 s, and for as
 * long as DevTools is attached, as Playwright is (docs/decisions/0023-a-fast-test-loop.md). A click in the
 * very moment another tab loads that code would fail the update for a reason that is Chromium's, not ours.
 */
async function expectUpdateOffered(page: Page) {
  await expect(page.getByRole("region", { name: "Update Required" })).toBeVisible({ timeout: TIMEOUTS.background });
  await expect(page.getByRole("region", { name: "Notifications alt+T" })).toBeAttached();
}

/** Records when a new worker takes control of the page (sessionStorage outlives the reload that follows). */
function recordTakeover(page: Page) {
  return page.evaluate(() =>
    navigator.serviceWorker.addEventListener(
      "controllerchange",
      () => sessionStorage.setItem("test-taken-over-at", String(performance.timeOrigin + performance.now())),
      { once: true },
    ),
  );
}
/** When recordTakeover saw the takeover (ms since the epoch), 0 if it did not. */
async function takeoverTime(page: Page) {
  return Number(await page.evaluate(() => sessionStorage.getItem("test-taken-over-at")));
}

/**
 * When each text was first shown on the current page (ms since the epoch),
 * watched in the page itself: "Installing Update" is on screen for only the
 * second before the reload, too short to poll for reliably on a busy machine.
 */
async function recordWhenShown(page: Page, texts: string[]) {
  const shownAt = new Map<string, number>();
  await page.exposeFunction("reportShown", (text: string, at: number) => {
    if (!shownAt.has(text)) shownAt.set(text, at);
  });
  await page.evaluate((wanted) => {
    const report = (window as unknown as { reportShown: (text: string, at: number) => void }).reportShown;
    const pending = new Set(wanted);
    const look = () => {
      for (const element of document.body.querySelectorAll("*")) {
        const text = element.textContent?.trim() ?? "";
        if (pending.has(text) && element.checkVisibility()) {
          pending.delete(text);
          report(text, performance.timeOrigin + performance.now());
        }
      }
      if (pending.size === 0) observer.disconnect();
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, texts);
  return shownAt;
}

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("a waiting new version shows the banner; Update Now installs it and reloads 1 s later", async ({
    page,
    versionProxy: proxy,
    a11y,
  }) => {
    await openControlledPage(page, `${proxy.origin}/`, a11y);
    const banner = page.getByRole("region", { name: "Update Required" });
    await expect(banner).toHaveCount(0);

    proxy.publishNextVersion();
    await announceTabVisible(page);
    await expect(banner).toBeVisible({ timeout: TIMEOUTS.background });
    await expect(banner).toContainText("Update Required");
    const button = banner.getByRole("button", { name: "Update Now" });
    await expect(button).toBeVisible();
    // The banner fits the phone's width.
    const box = (await banner.locator("> div").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await a11y.check("update banner");
    // Still the first version until the person accepts.
    expect(await controllingVersion(page)).toBe("first");

    // Keyboard: the button is the last stop of the page's tab order.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Shift+Tab");
    await expect(button).toBeFocused();

    await markDocument(page);
    await recordTakeover(page);
    const installingShown = await recordWhenShown(page, ["Installing Update...", "Installing Update"]);
    const reloaded = page.waitForEvent("load");
    const acceptedAt = Date.now();
    await page.keyboard.press("Enter");

    await reloaded;
    expect(await isSameDocument(page)).toBe(false);
    const reloadStartedAt = await page.evaluate(() => performance.timeOrigin);
    // The button's busy text and the toast, both on screen before the reload.
    for (const text of ["Installing Update...", "Installing Update"]) {
      const shownAt = installingShown.get(text);
      expect(shownAt, `"${text}" shown`).toBeDefined();
      expect(shownAt!, `"${text}" shown before the reload`).toBeLessThan(reloadStartedAt);
    }
    // 1 s after Update Now, and not before the new version controls the page (a reload
    // while the old worker is retired can hang), whichever is later; then at once.
    const takenOverAt = await takeoverTime(page);
    expect(takenOverAt, "the new worker took over the page").toBeGreaterThan(0);
    expect(reloadStartedAt - acceptedAt, "ms from Update Now to the reload").toBeGreaterThanOrEqual(
      RELOAD_DELAY_MS - 50,
    );
    // The app's own listener runs first: the reload's start may precede the record by a moment.
    expect(reloadStartedAt - takenOverAt, "ms from the takeover to the reload").toBeGreaterThan(-50);
    expect(reloadStartedAt - Math.max(acceptedAt + RELOAD_DELAY_MS, takenOverAt)).toBeLessThan(3000);

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await controllingVersion(page)).toBe("next");
    await expect(page.getByRole("region", { name: "Update Required" })).toHaveCount(0);
  });
});

test("accepting the update in one tab reloads the other tabs at once", async ({
  page,
  context,
  versionProxy: proxy,
  a11y,
}) => {
  await openControlledPage(page, `${proxy.origin}/`, a11y);
  const otherTab = await context.newPage();
  await openControlledPage(otherTab, `${proxy.origin}/about`);
  await markDocument(otherTab);
  const otherTabReloaded = otherTab.waitForEvent("load");

  proxy.publishNextVersion();
  await announceTabVisible(page);
  await expectUpdateOffered(page);
  await expectUpdateOffered(otherTab);
  await recordTakeover(otherTab);
  // This tab reloads too, 1 s after the click: the test waits for it, so that
  // the reload does not meet the version proxy already stopped after the test.
  const acceptingTabReloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Update Now" }).click();

  await otherTabReloaded;
  // The other tab reloads when the new worker takes over, without the 1 s wait
  // of the tab that accepted. Timed from the takeover, not from the click: how
  // long the new worker takes to install depends on the machine, not on us.
  const takenOverAt = await takeoverTime(otherTab);
  // Recorded by the document that was taken over, so the reload came after the takeover
  // (the app's own listener runs first: the reload's start may precede the record by a moment).
  expect(takenOverAt, "the new worker took over the other tab").toBeGreaterThan(0);
  const reloadedAfterTakeover = (await otherTab.evaluate(() => performance.timeOrigin)) - takenOverAt;
  expect(reloadedAfterTakeover).toBeLessThan(RELOAD_DELAY_MS);
  expect(await isSameDocument(otherTab)).toBe(false);
  await expect(otherTab).toHaveURL(`${proxy.origin}/about`);
  await otherTab.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await controllingVersion(otherTab)).toBe("next");
  await otherTab.close();
  // Back in front, the accepting tab runs its timers again (and axe its checks).
  await page.bringToFront();
  await acceptingTabReloaded;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
});

test("a new version that does not take control within 15 s: Update Failed, and the banner stays to try again", async ({
  page,
  versionProxy: proxy,
  a11y,
}) => {
  await page.clock.install();
  // The waiting worker never hears skip-waiting (as when the browser drops it), so it never takes control.
  await page.addInitScript(() => {
    const post = ServiceWorker.prototype.postMessage as (this: ServiceWorker, ...args: unknown[]) => void;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
      if ((args[0] as { type?: string } | null)?.type !== "SKIP_WAITING") post.apply(this, args);
    };
  });
  await openControlledPage(page, `${proxy.origin}/`, a11y);
  proxy.publishNextVersion();
  await announceTabVisible(page);
  const banner = page.getByRole("region", { name: "Update Required" });
  await expect(banner).toBeVisible({ timeout: TIMEOUTS.background });
  await markDocument(page);
  await pauseClock(page);
  await banner.getByRole("button", { name: "Update Now" }).click();
  await expect(banner).toContainText("Installing Update...");

  // The second has long passed, but the old version still controls the page: no reload into it.
  await page.clock.fastForward(TAKEOVER_TIMEOUT_MS - 1000);
  await expect(banner).toContainText("Installing Update...");
  expect(await isSameDocument(page)).toBe(true);
  await page.clock.fastForward(1000);
  await resumeClock(page);
  await expect(page.getByText("Update Failed")).toBeVisible();
  await expect(page.getByText("Please try refreshing the page manually.")).toBeVisible();
  await expect(banner.getByRole("button", { name: "Update Now" })).toBeVisible();
  await a11y.check("update failed");
  expect(await isSameDocument(page)).toBe(true);
  expect(await controllingVersion(page)).toBe("first");
});

test("the app looks for a new version every 5 minutes", async ({ page, versionProxy: proxy, a11y }) => {
  await page.clock.install();
  // Counts the app's update checks as they are made (the timer calls registration.update() at once), and
  // how many of them have finished (the worker script fetched and compared).
  await page.addInitScript(() => {
    const counted = window as unknown as { updateChecks: number; updateChecksDone: number };
    counted.updateChecks = 0;
    counted.updateChecksDone = 0;
    const update = ServiceWorkerRegistration.prototype.update;
    ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
      counted.updateChecks += 1;
      const done = () => {
        counted.updateChecksDone += 1;
      };
      const checking = update.call(this);
      checking.then(done, done);
      return checking;
    };
  });
  const updateChecks = () => page.evaluate(() => (window as unknown as { updateChecks: number }).updateChecks);
  const areUpdateChecksDone = () =>
    page.evaluate(() => {
      const counted = window as unknown as { updateChecks: number; updateChecksDone: number };
      return counted.updateChecks === counted.updateChecksDone;
    });
  await openControlledPage(page, `${proxy.origin}/`, a11y);
  // Loading the page may take a while on a busy machine, so the first check is
  // not timed from the page load: time stops, and a jump of one whole period
  // brings the app's timer due once (a first check, of the unchanged worker).
  // From that check on, the next one is due exactly 5 minutes later.
  await pauseClock(page);
  const [fetchesAtStart, checksAtStart] = [proxy.workerScriptFetches(), await updateChecks()];
  await page.clock.fastForward(UPDATE_CHECK_INTERVAL_MS);
  expect(await updateChecks()).toBe(checksAtStart + 1);
  // That check, and any the browser began while the page loaded, have finished before the next version is out.
  await expect.poll(areUpdateChecksDone).toBe(true);
  expect(proxy.workerScriptFetches()).toBeGreaterThan(fetchesAtStart);
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration !== undefined && registration.installing === null;
  });

  proxy.publishNextVersion();
  const fetchesBefore = proxy.workerScriptFetches();
  const checksBefore = await updateChecks();
  // Ten seconds short of 5 minutes after that check: no check yet (a due timer runs within fastForward).
  await page.clock.fastForward(UPDATE_CHECK_INTERVAL_MS - 10_000);
  expect(await updateChecks()).toBe(checksBefore);
  expect(proxy.workerScriptFetches()).toBe(fetchesBefore);
  await expect(page.getByRole("button", { name: "Update Now" })).toHaveCount(0);

  await page.clock.fastForward(10_000);
  expect(await updateChecks()).toBe(checksBefore + 1);
  await expect.poll(() => proxy.workerScriptFetches()).toBeGreaterThan(fetchesBefore);
  await expect(page.getByRole("region", { name: "Update Required" })).toBeVisible({ timeout: TIMEOUTS.background });
  // The accessibility check after the test needs the page's timers.
  await resumeClock(page);
});
