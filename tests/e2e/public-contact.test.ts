import { expect, loginAs, MOBILE, test } from "./fixtures";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";
import { watchConsole } from "./public-helpers";
import { waitForHydration } from "./chrome-helpers";

// The contact page (a message becomes a support ticket for the admins and a
// fixed confirmation in the sender's inbox) and the footer newsletter's double opt-in.

test("a contact message reaches the admins, and the sender gets a fixed confirmation", async ({ page }) => {
  const console = watchConsole(page);
  const email = uniqueEmail("contact");
  const message = `My father needs help after a hip operation (${email}).`;
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Support Chat" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();

  await page.getByLabel("Your name").fill("Rosa Alvarez");
  await page.getByLabel("Email address").first().fill(email);
  await page.getByLabel("Topic").selectOption({ label: "Arranging care" });
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message has been sent.")).toBeVisible();
  await expect(page.getByText(`We will reply to ${email} within one business day.`)).toBeVisible();
  console.expectNone();

  // A fixed text: nothing the sender typed is sent on to the address they gave.
  const confirmation = await latestEmail(email, "We received your message");
  expect(confirmation.text).toContain("We received your message and will reply within one business day.");
  for (const typed of [message, "Arranging care", "Rosa"]) expect(confirmation.text).not.toContain(typed);

  await loginAs(page, "admin");
  await page.goto("/admin");
  // The admin's home counts the contact messages not answered; the count opens them.
  await page.getByRole("link", { name: /Contact messages not answered/ }).click();
  await expect(page).toHaveURL(/\/admin\/support\?status=open#tickets$/);
  const ticket = page.getByRole("article").filter({ hasText: message });
  await expect(ticket.getByRole("heading", { name: "Arranging care: Rosa Alvarez" })).toBeVisible();
  await expect(ticket.getByRole("link", { name: email })).toBeVisible();
  await ticket.getByRole("button", { name: "Mark as answered" }).click();
  await expect(page.getByRole("article").filter({ hasText: message })).toHaveCount(0);
  await page.getByRole("link", { name: "Answered" }).click();
  await expect(page.getByRole("article").filter({ hasText: message })).toBeVisible();
});

test("the contact form explains what is missing and keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Sam");
  await page.getByLabel("Email address").first().fill("not-an-email");
  await page.getByLabel("Message", { exact: true }).fill("Help");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Please write at least 10 characters so we can help.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Sam");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Help");
});

test("contact messages are limited per client address", async ({ page }) => {
  await page.goto("/contact");
  for (let n = 1; n <= 6; n++) {
    await page.getByLabel("Your name").fill(`Tester ${n}`);
    await page.getByLabel("Email address").first().fill(uniqueEmail("limit"));
    await page.getByLabel("Message", { exact: true }).fill(`Message number ${n} about arranging care.`);
    await page.getByRole("button", { name: "Send message" }).click();
    if (n <= 5) {
      await expect(page.getByText("Thank you, your message has been sent.")).toBeVisible();
      await page.goto("/contact");
    }
  }
  await expect(page.getByText("You have sent several messages in the last hour.")).toBeVisible();
});

test("the contact page gives phone, email and two offices that open a map", async ({ page }) => {
  await page.goto("/contact");
  const reach = page.getByRole("region", { name: "Reach us directly" });
  await expect(reach.getByRole("link", { name: /^\(?\d/ })).toHaveAttribute("href", /^tel:/);
  await expect(reach.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  for (const city of ["Chicago", "Houston"]) {
    await expect(reach.getByRole("link", { name: new RegExp(`${city} office`) })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
  }
});

test("newsletter: subscribe in the footer, confirm by email, unsubscribe by the link", async ({ page }) => {
  const email = uniqueEmail("news");
  await page.goto("/blog");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(email);
  // Focusing the box started the page's scripts (docs/decisions/0055-public-pages-start-on-interaction.md): the
  // box answers in place once they run (sent before, the browser posts the form to /newsletter's own page).
  await waitForHydration(page);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Almost done: check your inbox and confirm your subscription.")).toBeVisible();

  const mail = await latestEmail(email, "Confirm your Tendly newsletter subscription");
  const confirmLink = mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  const unsubscribeLink = mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?\S+/)?.[0];
  expect(confirmLink).toBeDefined();
  expect(unsubscribeLink).toBeDefined();

  await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText(`You're subscribed: ${email}`)).toBeVisible();

  // The link works once.
  await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText("This link has expired or was already used.")).toBeVisible();

  // Subscribing again once confirmed sends nothing new.
  await page.goto("/about");
  await page.getByRole("contentinfo").getByLabel("Email address").fill(email);
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("contentinfo").getByText("You are already subscribed. Thank you!")).toBeVisible();

  await page.goto(new URL(unsubscribeLink!).pathname + new URL(unsubscribeLink!).search);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`${email} is unsubscribed.`)).toBeVisible();

  // A forged link does nothing.
  await page.goto(`/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=forged`);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);
  test("the contact page fits 390 px", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
