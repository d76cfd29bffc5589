import { describe, expect, it } from "vitest";
import {
  forgetOtherViewers,
  keepBesideTheDay,
  keepSignedInPages,
  startOnCaregiverDay,
  type WorkerPlugin,
} from "./caregiver-day-worker";
import { CAREGIVER_DAY_CACHE, CAREGIVER_DAY_PAGES, NO_VIEWER, VIEWER_HEADER } from "./offline-caches";

// The plugins run as workbox-build copies them into sw.js: each function's source alone, with the worker's
// globals (here a Cache Storage in memory) and nothing of this module around it.

class MemoryCache {
  readonly entries = new Map<string, Response>();
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async match(request: Request | string) {
    return this.entries.get(typeof request === "string" ? request : request.url)?.clone();
  }
  async put(url: string, response: Response) {
    this.entries.set(url, response);
  }
  async delete(request: Request | string) {
    return this.entries.delete(typeof request === "string" ? request : request.url);
  }
}

class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  async has(name: string) {
    return this.caches.has(name);
  }
  async open(name: string) {
    const cache = this.caches.get(name) ?? new MemoryCache();
    this.caches.set(name, cache);
    return cache;
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
}

type Callback = (param: Record<string, unknown>) => Promise<Response | null | undefined>;

/** The plugin's callback as the worker runs it: from its source, with `caches` the only storage. */
function copied(plugin: WorkerPlugin, name: keyof WorkerPlugin, storage: MemoryCacheStorage): Callback {
  const source = String(plugin[name]);
  return new Function("caches", "Response", "URL", `return (${source});`)(storage, Response, URL) as Callback;
}

const ORIGIN = "https://tendly.test";
const page = (viewer: string | null, status = 200) =>
  new Response("<html></html>", { status, headers: viewer === null ? {} : { [VIEWER_HEADER]: viewer } });

async function storageWith(pages: Record<string, string>) {
  const storage = new MemoryCacheStorage();
  const cache = await storage.open(CAREGIVER_DAY_CACHE);
  for (const [path, viewer] of Object.entries(pages)) await cache.put(`${ORIGIN}${path}`, page(viewer));
  return { storage, cache };
}

describe("forgetOtherViewers", () => {
  it("keeps the pages of the person a page was rendered for, and deletes anyone else's", async () => {
    const { storage, cache } = await storageWith({ "/caregiver": "ana", "/caregiver/schedule": "ben" });
    const response = page("ana");
    expect(await copied(forgetOtherViewers, "fetchDidSucceed", storage)({ response })).toBe(response);
    expect([...cache.entries.keys()]).toEqual([`${ORIGIN}/caregiver`]);
  });

  it("deletes every kept page when a page was rendered for nobody signed in", async () => {
    const { storage, cache } = await storageWith({ "/caregiver": "ana", "/caregiver/schedule": "ana" });
    await copied(forgetOtherViewers, "fetchDidSucceed", storage)({ response: page(NO_VIEWER) });
    expect(cache.entries.size).toBe(0);
  });

  it("leaves the cache alone for an answer that says nothing of its viewer, and creates none", async () => {
    const { storage, cache } = await storageWith({ "/caregiver": "ana" });
    await copied(forgetOtherViewers, "fetchDidSucceed", storage)({ response: page(null) });
    expect(cache.entries.size).toBe(1);
    const empty = new MemoryCacheStorage();
    await copied(forgetOtherViewers, "fetchDidSucceed", empty)({ response: page("ana") });
    expect(await empty.has(CAREGIVER_DAY_CACHE)).toBe(false);
  });
});

describe("keepSignedInPages", () => {
  it("keeps only a page rendered for someone signed in", async () => {
    const keep = copied(keepSignedInPages, "cacheWillUpdate", new MemoryCacheStorage());
    const signedIn = page("ana");
    expect(await keep({ response: signedIn })).toBe(signedIn);
    expect(await keep({ response: page(NO_VIEWER) })).toBeNull();
    expect(await keep({ response: page(null) })).toBeNull();
    expect(await keep({ response: page("ana", 403) })).toBeNull();
    expect(await keep({ response: page("ana", 500) })).toBeNull();
  });
});

const notificationList = () => new Response("{}", { headers: { [VIEWER_HEADER]: "ana" } });
const keepList = (storage: MemoryCacheStorage) => (response: Response) =>
  copied(
    keepBesideTheDay,
    "cacheWillUpdate",
    storage,
  )({ request: new Request(`${ORIGIN}/api/notifications`), response });

describe("keepBesideTheDay", () => {
  it("keeps the notification list while a page of the day is kept", async () => {
    for (const dayPage of CAREGIVER_DAY_PAGES) {
      const { storage } = await storageWith({ [dayPage]: "ana" });
      const response = notificationList();
      expect(await keepList(storage)(response)).toBe(response);
    }
  });

  it("keeps nothing with no page of the day kept (anyone but a caregiver, or after the day was emptied)", async () => {
    expect(await keepList(new MemoryCacheStorage())(notificationList())).toBeNull();
    const { storage } = await storageWith({});
    expect(await keepList(storage)(notificationList())).toBeNull();
    const { storage: onlyTheList } = await storageWith({ "/api/notifications": "ana" });
    expect(await keepList(onlyTheList)(notificationList())).toBeNull();
  });
});

const start = (storage: MemoryCacheStorage, path = "/") =>
  copied(startOnCaregiverDay, "handlerDidError", storage)({ request: new Request(`${ORIGIN}${path}`) });

describe("startOnCaregiverDay", () => {
  it("sends the app's start page on to the kept home, or the kept schedule", async () => {
    const { storage, cache } = await storageWith({ "/caregiver": "ana", "/caregiver/schedule": "ana" });
    let response = await start(storage);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(`${ORIGIN}${CAREGIVER_DAY_PAGES[0]}`);
    await cache.delete(`${ORIGIN}/caregiver`);
    response = await start(storage);
    expect(response?.headers.get("location")).toBe(`${ORIGIN}${CAREGIVER_DAY_PAGES[1]}`);
  });

  it("does nothing for another page, or with nothing kept", async () => {
    const { storage } = await storageWith({ "/caregiver": "ana" });
    expect(await start(storage, "/about")).toBeUndefined();
    expect(await start(new MemoryCacheStorage())).toBeUndefined();
    const { storage: emptied, cache } = await storageWith({});
    expect(cache.entries.size).toBe(0);
    expect(await start(emptied)).toBeUndefined();
  });
});
