import { supportTickets } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { publishRealtime } from "~/platform/realtime/publish.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// A page reads its data again when a realtime event says something it shows changed, one read at a time
// (docs/decisions/0065-live-reads-one-at-a-time.md): events arriving faster than the page loads must not
// keep the person's own search or link from finishing (each revalidation asked for during a navigation
// made React Router start its loads again).

/** How long the page must go without reading itself again once the events have stopped. */
const QUIET_MS = 1_000;

/** Publishes, until stopped, an event of a conversation the page does not show, as fast as the database takes them. */
function keepPublishing(userId: string) {
  const db = e2eDatabase();
  const stopping = new AbortController();
  let published = 0;
  const done = (async () => {
    while (!stopping.signal.aborted) {
      await publishRealtime(db, [userId], "message", { conversationId: crypto.randomUUID(), message: {} });
      published++;
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await done;
      return published;
    },
  };
}

test("the admin's search and paging finish while messages keep arriving, and the page still reads itself again", async ({
  page,
}) => {
  const marker = unique("Steady");
  const db = e2eDatabase();
  await db.insert(supportTickets).values(
    Array.from({ length: 25 }, (_, index) => ({
      name: `${marker} ${String(index).padStart(2, "0")}`,
      email: `steady${index}@example.test`,
      topic: "general",
      message: `Question ${index} about ${marker}`,
      createdAt: new Date(Date.now() - index * 60_000),
    })),
  );
  // An admin of its own: the events reach no other test's pages.
  const admin = await createUser(db, { roles: ["admin"] });
  await signIn(page, admin.email);
  await gotoHydrated(page, "/admin/support");
  const reads: string[] = [];
  let lastReadAt = Date.now();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/admin/support.data") return;
    reads.push(request.url());
    lastReadAt = Date.now();
  });

  const events = keepPublishing(admin.id);
  try {
    await page.getByLabel("Search messages").fill(marker);
    await page.getByLabel("Search messages").press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${marker}`));
    const pages = page.getByRole("navigation", { name: "Pages of support messages" }).first();
    await expect(pages).toContainText("Showing 1–20 of 25");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages).toContainText("Showing 21–25 of 25");
    await expect(page.getByLabel("Search messages")).toHaveValue(marker);
  } finally {
    const published = await events.stop();
    // The events did arrive while the person searched, and the page read itself again for them.
    expect(published).toBeGreaterThan(20);
  }
  const readsDuring = reads.length;
  expect(readsDuring).toBeGreaterThan(2);
  // Once the events stop the reads stop (the last ones asked for made, none after): a quiet second comes.
  await expect.poll(() => Date.now() - lastReadAt, { timeout: TIMEOUTS.background }).toBeGreaterThanOrEqual(QUIET_MS);
  expect(page.url()).toContain(`q=${marker}`);
});
