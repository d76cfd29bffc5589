import { eq } from "drizzle-orm";
import { userProfiles } from "~/platform/db/schema";
import { storeNotification } from "~/features/notifications/notifications.server";
import { groupFor, NOTIFICATION_GROUPS } from "~/utils/notification-groups";
import { createClientAccount } from "./account-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { bellOf, notify, panelOf } from "./notification-helpers";
import { expect, signIn, test, unique } from "./fixtures";
import { newClient, userIdOf } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// The notification panel with persisted notifications (docs/product-rules.md, "Notifications"):
// groups from Today to Older, chips and caps, a click that marks read, closes
// and navigates, row actions, and every open device agreeing through the
// realtime stream.

const DAY = 24 * 60 * 60 * 1000;

test("notifications over several weeks: groups, chips capped at 99+, the 9+ badge, and a click that reads and navigates", async ({
  page,
  a11y,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await createClientAccount(page);
  const userId = await userIdOf(account.email);

  // Spread over two months, one in each age the panel groups by.
  const ages = [0, 1 * DAY, 3 * DAY, 8 * DAY, 16 * DAY, 40 * DAY, 70 * DAY];
  for (const [index, age] of ages.entries())
    await notify(userId, { type: "schedule", title: `Visit reminder ${index}`, ageMs: age + 60_000 });
  for (let n = 0; n < 101; n += 1)
    await notify(userId, { type: "message", title: `New message ${n}`, ageMs: 50 * DAY });
  await notify(userId, {
    type: "order",
    title: "Caregiver confirmed",
    ageMs: 30_000,
    actionUrl: "/dashboard/appointments",
  });

  await gotoHydrated(page, "/dashboard");
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName("Notifications, 9+ unread");
  await expect(bell).toContainText("9+");
  await bell.click();
  const panel = panelOf(page);
  await expect(panel).toContainText("109 new notifications");
  const chips = panel.getByRole("group", { name: "Show notifications" }).getByRole("button");
  await expect(chips).toHaveText([
    "All99+",
    "Unread99+",
    "Orders1",
    "Payments0",
    "Caregivers0",
    "Schedule7",
    "Messages99+",
    "System0",
  ]);

  // The headings: those of the ages above, in the panel's order (weeks start on Monday).
  const now = new Date();
  const expected = NOTIFICATION_GROUPS.filter((group) =>
    [...ages.map((age) => age + 60_000), 30_000, 50 * DAY].some(
      (age) => groupFor(new Date(now.getTime() - age), now) === group,
    ),
  );
  await expect(panel.getByRole("heading", { level: 3 })).toHaveText(expected);
  await chips.nth(5).click();
  await expect(panel.getByRole("listitem")).toHaveCount(7);
  await a11y.check("notification panel with notifications");

  // A click marks it read, closes the panel and opens its page.
  await chips.nth(0).click();
  await panel.getByRole("button", { name: /^Caregiver confirmed/ }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/appointments$/);
  await page.reload();
  await bellOf(page).click();
  await expect(panelOf(page)).toContainText("108 new notifications");
});

test("the list is read when the panel opens: when it cannot be, the panel says so, and Try Again reads it", async ({
  page,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  const account = await createClientAccount(page);
  const userId = await userIdOf(account.email);
  await notify(userId, { type: "schedule", title: "Visit tomorrow at 9", ageMs: 60_000 });

  // The page carries the counts, not the list (docs/decisions/0061-the-notification-list-on-demand.md).
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).not.toContain("Visit tomorrow at 9");
  await gotoHydrated(page, "/dashboard");
  await expect(bellOf(page)).toHaveAccessibleName("Notifications, 1 unread");

  // The list's read fails as with the connection gone at that moment.
  await page.route("**/api/notifications", (route) => route.abort("internetdisconnected"));
  await bellOf(page).click();
  const panel = panelOf(page);
  await expect(panel.getByRole("alert")).toHaveText(
    /Your notifications could not be loaded. Check your connection and try again./,
  );
  await expect(panel).toContainText("1 new notification");
  await page.unroute("**/api/notifications");
  await panel.getByRole("button", { name: "Try Again" }).click();
  await expect(panel.getByRole("button", { name: /^Visit tomorrow at 9/ })).toBeVisible();
  await expect(panel.getByRole("alert")).toHaveCount(0);
});

test("two devices agree: read, archive, delete and read-all on one show on the other at once; a new one arrives live", async ({
  page,
  browser,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  const account = await createClientAccount(page);
  const userId = await userIdOf(account.email);
  for (const title of ["Order TN-1 confirmed", "Visit tomorrow", "Payment received"])
    await notify(userId, { type: "order", title });

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const phone = await phoneContext.newPage();
    await signIn(phone, account.email);
    await gotoHydrated(phone, "/dashboard");
    await gotoHydrated(page, "/dashboard");
    await expect(bellOf(phone)).toHaveAccessibleName("Notifications, 3 unread");

    // On the desktop: archive one, delete another, from each row's actions.
    await bellOf(page).click();
    const panel = panelOf(page);
    await panel.getByRole("button", { name: "Actions for Visit tomorrow" }).click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await panel.getByRole("button", { name: "Actions for Payment received" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    await expect(bellOf(phone)).toHaveAccessibleName("Notifications, 1 unread");

    // The phone's panel is full screen and shows what is left.
    await bellOf(phone).click();
    const phonePanel = panelOf(phone);
    const box = await phonePanel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(phonePanel.getByRole("listitem")).toHaveCount(1);
    await expect(phonePanel).toContainText("Order TN-1 confirmed");

    // Mark all read on the desktop: the phone's open panel follows.
    await panel.getByRole("button", { name: "Mark all read" }).click();
    await expect(phonePanel).toContainText("0 new notifications");
    await phone.keyboard.press("Escape");
    await expect(bellOf(phone)).toHaveAccessibleName("Notifications");

    // A new notification reaches both without a reload; marked unread again it counts again.
    await notify(userId, { type: "system", title: "Welcome to Tendly" });
    await expect(bellOf(phone)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(panel).toContainText("Welcome to Tendly");
    await panel.getByRole("button", { name: "Actions for Order TN-1 confirmed" }).click();
    await page.getByRole("menuitem", { name: "Mark as unread" }).click();
    await expect(bellOf(phone)).toHaveAccessibleName("Notifications, 2 unread");
  } finally {
    await phoneContext.close();
  }
});

test("a notification reads in the page's language: switched to English, the same one is worded again", async ({
  page,
}) => {
  const client = await newClient({ lastName: unique("Idioma") });
  await e2eDatabase().update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, client.id));
  // As the notification job stores it for a Spanish reader: the words, and the key and values behind them.
  await storeNotification(
    e2eDatabase(),
    {
      userId: client.id,
      type: "message",
      subtype: "new_message",
      title: "Nuevo mensaje de Ana B.",
      message: "¿Viene mañana?",
      actionText: "Responder",
      actionUrl: "/dashboard/messages",
      wording: { key: "newMessage", params: { name: "Ana B.", preview: "¿Viene mañana?" }, times: {} },
    },
    "es",
  );
  await signIn(page, client.email);
  await gotoHydrated(page, "/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The bell and the panel it opens say the same word.
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notificaciones/ })
    .click();
  const spanishPanel = page.getByRole("dialog", { name: "Notificaciones" });
  await expect(spanishPanel.getByRole("button", { name: /^Nuevo mensaje de Ana B\./ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(spanishPanel).toBeHidden();

  await page.getByTestId("language-switch-header").getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await bellOf(page).click();
  const panel = panelOf(page);
  await expect(panel.getByRole("button", { name: /^New message from Ana B\./ })).toBeVisible();
  await expect(panel).toContainText("Reply");
  await expect(panel).not.toContainText("Nuevo mensaje");
});

for (const width of [390, 1280]) {
  test(`in Spanish at ${width} px the panel's title, count and Mark all read each keep their own space`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const client = await newClient({ lastName: unique("Diseño") });
    await e2eDatabase().update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, client.id));
    for (const title of ["Pedido confirmado", "Factura lista", "Visita pronto", "Mensaje nuevo"])
      await notify(client.id, { type: "order", title });
    await signIn(page, client.email);
    await gotoHydrated(page, "/dashboard");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notificaciones/ })
      .click();
    const panel = page.getByRole("dialog", { name: "Notificaciones" });
    const title = panel.getByRole("heading", { name: "Notificaciones" });
    const count = panel.getByText("4 notificaciones nuevas");
    const markAll = panel.getByRole("button", { name: "Marcar todo como leído" });
    await expect(count).toBeVisible();
    const [titleBox, countBox, markAllBox] = await Promise.all([
      title.boundingBox(),
      count.boundingBox(),
      markAll.boundingBox(),
    ]);
    const apart = (a: NonNullable<typeof titleBox>, b: NonNullable<typeof titleBox>) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart(titleBox!, markAllBox!), "title clear of Mark all read").toBe(true);
    expect(apart(countBox!, markAllBox!), "count clear of Mark all read").toBe(true);
    // One line each: no word of the count or of the title pushed onto a line of its own.
    const lineHeight = (locator: typeof count) =>
      locator.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(countBox!.height).toBeLessThan((await lineHeight(count)) * 1.5);
    expect(titleBox!.height).toBeLessThan((await lineHeight(title)) * 1.5);
  });
}
