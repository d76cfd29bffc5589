import type { Page } from "@playwright/test";
import sharp from "sharp";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { createClientAccount } from "./account-helpers";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";
import { newCaregiver } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// Profile basics (docs/product-rules.md, "Accounts and sign-in"): first name, last name, email (confirmed by a link
// to the new address) and, for caregivers, the photo. Each test acts as an
// account of its own, never a demo sign-in account.

// Making an account hashes passwords with scrypt; with an axe check of every
// page these paths take longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** One toast with `title` (not two), closed afterwards so that the next one can be told apart. */
async function expectToastOnce(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast).toHaveCount(1);
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
}

async function photo(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();
}

/** An approved caregiver of the test's own, with no photo yet, signed in. */
async function signedInCaregiver(page: Page, firstName: string, lastName: string) {
  const { email } = await newCaregiver({ firstName, lastName });
  await signIn(page, email);
  return email;
}

async function changeName(page: Page, field: "First name" | "Last name", value: string) {
  const save = main(page).getByRole("button", { name: "Save changes" });
  await main(page).getByLabel(field, { exact: true }).fill(value);
  await expect(save).toBeEnabled();
  await save.click();
  await expectToastOnce(page, "Profile updated");
  await expect(main(page).getByLabel(field, { exact: true })).toHaveValue(value);
  // Nothing left to send once the page holds the saved value as its own: the next change starts from it.
  await expect(save).toBeDisabled();
}

async function uploadPhoto(page: Page) {
  await main(page)
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await main(page).getByRole("button", { name: "Upload photo" }).click();
  await expectToastOnce(page, "Photo updated");
  const avatar = page.getByTestId("profile-avatar").locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/media\/avatar\/[\w-]+\?v=[\w-]+$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  // The header's avatar shows it too.
  await expect(page.getByRole("banner").locator("img[src^='/media/avatar/']").first()).toBeAttached();
}

test("a client changes their name, and their email once the link to the new address is followed", async ({ page }) => {
  const account = await createClientAccount(page);
  await gotoHydrated(page, "/dashboard/profile");
  await expect(main(page).getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(main(page).getByLabel("First name", { exact: true })).toHaveValue(account.firstName);
  await expect(main(page).getByLabel("Email address")).toHaveValue(account.email);
  // Nothing changed yet: nothing to send.
  await expect(main(page).getByRole("button", { name: "Save changes" })).toBeDisabled();

  await main(page).getByLabel("First name", { exact: true }).fill("R");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(main(page).getByRole("alert").filter({ hasText: "First name is required" })).toBeVisible();

  // Only the changed field goes to the server.
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await changeName(page, "First name", "Rylee");
  const body = (await posted).postData() ?? "";
  expect(body).toContain("Rylee");
  expect(body).not.toContain("Brooks");
  expect(body).not.toContain(account.email);
  await page.reload();
  await expect(main(page).getByLabel("First name", { exact: true })).toHaveValue("Rylee");

  const newEmail = uniqueEmail("client-new");
  await main(page).getByLabel("Email address").fill(newEmail);
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Check your new inbox")).toBeVisible();
  await expect(main(page).getByText(`We sent a link to ${newEmail}`)).toBeVisible();
  await expect(main(page).getByLabel("Email address")).toHaveValue(account.email);

  // The link opens /verify-email, which confirms it.
  const email = await latestEmail(newEmail, "Confirm your new email for Tendly");
  await page.goto(email.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0]);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tendly" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });

  await gotoHydrated(page, "/dashboard/profile");
  await expect(main(page).getByLabel("Email address")).toHaveValue(newEmail);
  await expect(main(page).getByText(`We sent a link to ${newEmail}`)).toHaveCount(0);
});

test("a caregiver uploads a photo, is refused a file that is not an image, and renames", async ({ page }) => {
  await signedInCaregiver(page, "Lakshmi", "Iyer");
  await gotoHydrated(page, "/caregiver/profile");
  await expect(main(page).getByRole("heading", { level: 2, name: "Profile photo" })).toBeVisible();
  // No photo yet: the initial letter.
  await expect(page.getByTestId("profile-avatar")).toHaveText("L");

  await main(page)
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "setup.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ this is a program") });
  await main(page).getByRole("button", { name: "Upload photo" }).click();
  await expect(
    main(page).getByRole("alert").filter({ hasText: "Please upload a JPEG, PNG or WebP image." }),
  ).toBeVisible();
  await expect(page.getByTestId("profile-avatar").locator("img")).toHaveCount(0);

  await uploadPhoto(page);
  await changeName(page, "Last name", "Iyer-Rao");
  await changeName(page, "Last name", "Iyer");
});

test.describe("on a 390 px phone", () => {
  test.use(MOBILE);

  test("a caregiver edits the profile and uploads a photo", async ({ page }) => {
    await signedInCaregiver(page, "Emmanuel", "Pierre");
    await gotoHydrated(page, "/caregiver/profile");
    await expectNoHorizontalScroll(page);
    await uploadPhoto(page);
    await changeName(page, "First name", "Manny");
    await changeName(page, "First name", "Emmanuel");
    await expectNoHorizontalScroll(page);
  });

  test("a client edits the profile", async ({ page }) => {
    await createClientAccount(page);
    await gotoHydrated(page, "/dashboard/profile");
    await expectNoHorizontalScroll(page);
    await changeName(page, "Last name", "Brooks-Hale");
  });
});

test("a caregiver's photo is public once approved; the profile pages need a signed-in user", async ({
  page,
  browser,
}) => {
  await signedInCaregiver(page, "Nancy", "Wilson");
  await gotoHydrated(page, "/caregiver/profile");
  await uploadPhoto(page);
  const src = await page.getByTestId("profile-avatar").locator("img").getAttribute("src");

  const anonymous = await browser.newContext();
  const response = await anonymous.request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["cache-control"]).toBe("private, max-age=86400");
  const anonymousPage = await anonymous.newPage();
  await anonymousPage.goto("/caregiver/profile");
  await expect(anonymousPage).toHaveURL(/\/login\/desktop\?redirectTo=%2Fcaregiver%2Fprofile$/);
  await anonymous.close();
});
