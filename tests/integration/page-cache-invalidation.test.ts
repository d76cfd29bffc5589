import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ensureStarterModules } from "~/features/training/public.server";
import { hideReview } from "~/features/reviews/hide-review.server";
import { leaveReview } from "~/features/reviews/leave-review.server";
import { getDatabaseUrl } from "~/platform/db/client.server";
import { listenToChannel } from "~/platform/db/listen.server";
import { caregiverProfiles, clientProfiles, reviews } from "~/platform/db/schema";
import { createUser, passRequiredTraining } from "~/platform/db/seed/factories.server";
import {
  keepRenderedPage,
  pageCacheSize,
  PUBLIC_PAGES_CHANNEL,
  startPageCache,
} from "~/platform/page-cache/cache.server";
import { requestValuesContext } from "~/utils/request-context";
import { useAuthTestSetup } from "./auth-env";
import { bookedOneTimeOrder, caregiverNear, clientActor } from "./care-loop-helpers";

// The cache of rendered public pages is emptied on every process when what the pages show changes
// (docs/decisions/0043-rendered-page-cache.md): migration 0038's triggers announce each change on
// `public_pages_changed`, and the cache listening on its own connection (as every server process does) empties.
// Each test keeps a page, makes one kind of change through the feature or the table, and waits for the cache to
// be emptied by the notification; a statement that changes nothing, or a column no public page shows, does not.

const setup = useAuthTestSetup();
let pageCache: ReturnType<typeof startPageCache>;

const NONCE = "integration+nonce/AAAAAAAA==";

/** Keeps one rendered page, as the root's middleware does after a render (tried again until the cache listens). */
async function keepPage() {
  await vi.waitFor(
    async () => {
      const request = new Request("http://127.0.0.1/services", { headers: { host: "127.0.0.1" } });
      const context = new RouterContextProvider();
      context.set(requestValuesContext, { cspNonce: NONCE });
      const html = `<html><script nonce="${NONCE}"></script></html>`;
      await keepRenderedPage(
        { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
        async () => new Response(html, { headers: { "Content-Type": "text/html" } }),
      );
      expect(pageCacheSize()).toBe(1);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** How long the notification may take to empty the cache (it arrives in milliseconds). */
const NOTIFIED = { timeout: 5_000, interval: 10 };

let caregiver: Awaited<ReturnType<typeof caregiverNear>>;

beforeAll(async () => {
  await ensureStarterModules(setup.db);
  caregiver = await caregiverNear(setup.db, { status: "pending", trainingCompleted: false });
  pageCache = startPageCache(getDatabaseUrl());
});

afterAll(async () => {
  await pageCache?.close();
});

beforeEach(keepPage);

const setCaregiver = (values: Partial<typeof caregiverProfiles.$inferInsert>) =>
  setup.db.update(caregiverProfiles).set(values).where(eq(caregiverProfiles.userId, caregiver.id));

describe("a change the public pages show empties the cache", () => {
  test("a caregiver approved", async () => {
    await setCaregiver({ caregiverStatus: "approved" });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a caregiver's profile edited", async () => {
    await setCaregiver({ bio: "Twenty years of companionship and personal care." });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a caregiver's photo changed", async () => {
    await setCaregiver({ profilePhotoUrl: "avatars/new.webp" });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a caregiver's rate changed", async () => {
    await setCaregiver({ hourlyRateCents: 3100 });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a caregiver's training passed (the certified badge)", async () => {
    await passRequiredTraining(setup.db, caregiver.id);
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a review added, then hidden", async () => {
    const client = await clientActor(setup.db);
    const reviewed = await caregiverNear(setup.db);
    const { orderNumber, orderId } = await bookedOneTimeOrder(setup.db, client, reviewed.id);
    await keepPage();
    await leaveReview({ actor: client, orderNumber, input: { rating: 5, comment: "Wonderful.", tags: [] } });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);

    await keepPage();
    const admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin" as const] };
    const [review] = await setup.db.select().from(reviews).where(eq(reviews.orderId, orderId));
    await hideReview({ actor: admin, caregiverId: reviewed.id, reviewId: review!.id, reason: "Test" });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);

    // A reviewer's name shows beside the review.
    await keepPage();
    await setup.db.update(clientProfiles).set({ firstName: "Renamed" }).where(eq(clientProfiles.userId, client.id));
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });

  test("a caregiver suspended", async () => {
    await setCaregiver({ caregiverStatus: "suspended" });
    await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
  });
});

describe("what leaves it as it is", () => {
  test("a statement that changes no row, and a family's details no public page shows, announce nothing", async () => {
    const client = await clientActor(setup.db);
    const heard: string[] = [];
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const listener = listenToChannel(getDatabaseUrl(), PUBLIC_PAGES_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onListening: () => listening(),
    });
    try {
      await ready;
      await setup.db
        .update(caregiverProfiles)
        .set({ bio: "Nobody" })
        .where(eq(caregiverProfiles.userId, "no-such-user"));
      await setup.db
        .update(clientProfiles)
        .set({ phoneNumber: "(312) 555-0111" })
        .where(eq(clientProfiles.userId, client.id));
      // Notifications arrive in commit order: once the fence is heard, anything the statements above announced was.
      await setup.db.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, 'fence')`);
      await expect.poll(() => heard.includes("fence"), { timeout: 5_000 }).toBe(true);
      expect(heard).toEqual(["fence"]);
      // And the cache, which heard the same, was emptied by the fence alone.
      await expect.poll(pageCacheSize, NOTIFIED).toBe(0);
    } finally {
      await listener.close();
    }
  });
});
