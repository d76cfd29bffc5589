import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createCaregiver } from "~/platform/db/seed/factories.server";
import { saveCaregiverAvatar } from "~/features/caregivers/avatar.server";
import { sampleJpeg } from "../fixtures/documents";
import { pauseClock, resumeClock } from "./account-helpers";
import { gotoHydrated, waitForHydration } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { DEMO_EMAILS, DEMO_PASSWORD, expect, loginAs, MOBILE, test, ROLE_SCREENS, type DemoRole } from "./fixtures";
import { allowMotion } from "./public-helpers";
import { TIMEOUTS } from "./timeouts";

// The chrome within reach, at 1280 and 390 px (docs/product-rules.md, "Public site and header"): every screen of a
// role one click from its menus; nothing floating over the controls beneath (toasts, the Book care button); the hero
// video's pause control; the message of an image that cannot load.

test.describe.configure({ timeout: TIMEOUTS.journey });

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of an element and of what hangs out of it (a toast's close button sits astride its corner). */
async function outline(locator: Locator): Promise<Box> {
  const boxes = await locator.evaluate((element) =>
    [element, ...element.querySelectorAll("*")].map((part) => {
      const rect = part.getBoundingClientRect();
      return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    }),
  );
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  return {
    x: left,
    y: top,
    width: Math.max(...boxes.map((box) => box.right)) - left,
    height: Math.max(...boxes.map((box) => box.bottom)) - top,
  };
}

/** What the browser finds on top at points across the control, when it is not the control. */
function coveringElements(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    // The centre and points a quarter in from the edges: inside a round control too, whose corners the
    // browser's hit test leaves to what is behind.
    const points = [0.5, 0.25, 0.75].flatMap((fx) =>
      [0.5, 0.25, 0.75].map((fy) => [rect.left + rect.width * fx, rect.top + rect.height * fy]),
    );
    return points
      .map(([x, y]) => document.elementFromPoint(x!, y!))
      .filter((hit) => hit !== null && hit !== element && !element.contains(hit))
      .map((hit) => `${hit!.tagName.toLowerCase()} "${(hit!.textContent ?? "").trim().slice(0, 40)}"`);
  });
}

async function expectUncovered(locator: Locator) {
  expect(await coveringElements(locator), "elements lying over the control").toEqual([]);
}

const WIDTHS = [
  { label: "1280 px", use: { viewport: { width: 1280, height: 800 } }, isPhone: false },
  { label: "390 px", use: MOBILE, isPhone: true },
] as const;

// Every screen a role uses, one click from its menus.
const AREAS: Record<
  DemoRole,
  { home: string; screens: string[]; added: { en: string; es: string; path: string; heading: string }[] }
> = {
  client: {
    home: "/dashboard",
    screens: ROLE_SCREENS.client,
    added: [],
  },
  caregiver: {
    home: "/caregiver",
    screens: ROLE_SCREENS.caregiver,
    added: [
      { en: "Offers & Orders", es: "Ofertas y pedidos", path: "/caregiver/orders", heading: "Orders" },
      { en: "Settings", es: "Configuración", path: "/caregiver/settings", heading: "Settings" },
    ],
  },
  admin: {
    home: "/admin",
    screens: ROLE_SCREENS.admin,
    added: [
      { en: "Pricing", es: "Precios", path: "/admin/pricing", heading: "Pricing" },
      { en: "Support", es: "Ayuda", path: "/admin/support", heading: "Support messages" },
    ],
  },
};

/** Opens the person's menu as this screen offers it: the avatar menu on a desktop, the drawer on a phone. */
async function openAccountMenu(page: Page, isPhone: boolean, language: "en" | "es" = "en") {
  if (isPhone) {
    await page.getByRole("button", { name: language === "en" ? "Open menu" : "Abrir menú" }).click();
    return page.getByRole("dialog").getByRole("navigation", { name: language === "en" ? "My Account" : "Mi cuenta" });
  }
  await page
    .getByRole("banner")
    .getByRole("button", { name: language === "en" ? /^Account menu for / : /^Menú de la cuenta de / })
    .click();
  return page.getByRole("menu");
}

/** Where the menu's links lead, once it shows. */
async function menuHrefs(menu: Locator) {
  await expect(menu.locator("a").first()).toBeVisible();
  return menu.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
}

async function signInThroughForm(page: Page, email: string) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Tabs from the top of the page until the control has the focus: it is in the keyboard's path. */
async function tabTo(page: Page, control: Locator) {
  await page.locator("body").focus();
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press("Tab");
    if (await control.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the control");
}

/** An approved caregiver of this test's own, with a real photo on the public profile. */
async function caregiverWithPhoto() {
  const db = e2eDatabase();
  const tag = randomUUID().slice(0, 8);
  const slug = `fay-photo-${tag}`;
  const caregiver = await createCaregiver(db, {
    firstName: "Fay",
    lastName: "Lindqvist",
    email: `photo-${tag}@example.test`,
    slug,
  });
  await saveCaregiverAvatar({ userId: caregiver.id, bytes: await sampleJpeg() });
  return { slug };
}

/** The toast lies clear of the header's avatar (and, on a phone, of the drawer's close button), which still work. */
async function expectToastClearOfControls(page: Page, toast: Locator, isPhone: boolean) {
  await expect(page).toHaveURL(/\/caregiver$/);

  const avatar = page.getByRole("banner").getByRole("button", { name: /^Account menu for / });
  expect(overlaps(await outline(toast), (await avatar.boundingBox())!), "toast over the avatar").toBe(false);
  await expectUncovered(avatar);
  await avatar.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  if (isPhone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const close = drawer.getByRole("button", { name: "Close menu" });
    await expect(close).toBeVisible();
    await expect(toast).toBeVisible();
    expect(overlaps(await outline(toast), (await close.boundingBox())!), "toast over Close menu").toBe(false);
    await expectUncovered(close);
    await close.click();
    await expect(drawer).toBeHidden();
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width.label}`, () => {
    test.use(width.use);

    for (const role of ["client", "caregiver", "admin"] as const) {
      test(`every ${role} screen is one click from the ${role}'s menu`, async ({ page }) => {
        const area = AREAS[role];
        await loginAs(page, role);
        await gotoHydrated(page, area.home);
        const menu = await openAccountMenu(page, width.isPhone);
        expect(await menuHrefs(menu)).toEqual(expect.arrayContaining(area.screens));

        for (const item of area.added) {
          await gotoHydrated(page, area.home);
          const opened = await openAccountMenu(page, width.isPhone);
          await opened.getByRole(width.isPhone ? "link" : "menuitem", { name: item.en, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`${item.path}$`));
          await expect(page.getByRole("heading", { level: 1, name: item.heading, exact: true })).toBeVisible();
        }

        // The same items, in Spanish.
        if (area.added.length > 0) {
          await gotoHydrated(page, `${area.home}?lang=es`);
          const spanish = await openAccountMenu(page, width.isPhone, "es");
          for (const item of area.added) {
            await expect(
              spanish.getByRole(width.isPhone ? "link" : "menuitem", { name: item.es, exact: true }),
            ).toHaveAttribute("href", item.path);
          }
        }
      });
    }

    // Nothing floats over the controls beneath.
    test("a toast leaves the header's avatar and the drawer's close button uncovered and clickable", async ({
      page,
    }) => {
      await page.clock.install();
      await signInThroughForm(page, DEMO_EMAILS.caregiver);
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Login successful" });
      await expect(toast).toBeVisible({ timeout: TIMEOUTS.background });
      // The toast stays while the page is measured and used.
      await pauseClock(page);
      try {
        await expectToastClearOfControls(page, toast, width.isPhone);
      } finally {
        await resumeClock(page);
      }
    });

    test("nothing floats over the demo accounts of the app login", async ({ page }) => {
      await gotoHydrated(page, "/login/pwa");
      const demos = page.getByRole("region", { name: "Try a demo account" }).getByRole("button");
      await expect(demos).toHaveCount(3);
      const booking = page.getByRole("link", { name: "Book care" });
      for (const demo of await demos.all()) {
        // Where scrolling down a phone first brings it into sight: at the screen's bottom edge.
        await demo.evaluate((element) => element.scrollIntoView({ block: "end" }));
        if ((await booking.count()) > 0) {
          expect(overlaps((await booking.boundingBox())!, (await demo.boundingBox())!), "Book care over a demo").toBe(
            false,
          );
        }
        await expectUncovered(demo);
      }
      await demos.filter({ hasText: "Client" }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: TIMEOUTS.background });
    });

    // Media.
    test("the hero video has a pause control, reached by keyboard, in English and Spanish", async ({ page }) => {
      await allowMotion(page);
      await gotoHydrated(page, "/");
      const video = page.getByTestId("hero-video");
      await expect(video).toHaveJSProperty("paused", false, { timeout: TIMEOUTS.background });
      const control = page.getByRole("button", { name: "Pause background video" });
      await expect(control).toBeVisible();
      await tabTo(page, control);
      await page.keyboard.press("Enter");
      await expect(video).toHaveJSProperty("paused", true);
      const play = page.getByRole("button", { name: "Play background video" });
      await expect(play).toBeFocused();
      await page.keyboard.press("Space");
      await expect(video).toHaveJSProperty("paused", false);
      await expect(control).toBeFocused();

      await gotoHydrated(page, "/?lang=es");
      await expect(page.getByTestId("hero-video")).toHaveJSProperty("paused", false, { timeout: TIMEOUTS.background });
      await page.getByRole("button", { name: "Pausar el video de fondo" }).click();
      await expect(page.getByTestId("hero-video")).toHaveJSProperty("paused", true);
      await expect(page.getByRole("button", { name: "Reproducir el video de fondo" })).toBeVisible();
    });

    test("the floating Book care button leaves the hero video's controls uncovered, in English and Spanish", async ({
      page,
    }) => {
      for (const [path, withSound] of [
        ["/", "Play with sound"],
        ["/?lang=es", "Reproducir con sonido"],
      ] as const) {
        await gotoHydrated(page, path);
        const control = page.getByRole("button", { name: withSound });
        await expect(control).toBeVisible({ timeout: TIMEOUTS.background });
        const booking = page.getByRole("link", { name: /^(Book care|Reservar cuidado)$/ });
        if ((await booking.count()) > 0) {
          expect(
            overlaps((await booking.boundingBox())!, (await control.boundingBox())!),
            "Book care over the video",
          ).toBe(false);
        }
        await expectUncovered(control);
      }
    });

    test("with reduced motion the hero video stays still until its play control is pressed", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await gotoHydrated(page, "/");
      const play = page.getByRole("button", { name: "Play background video" });
      await expect(play).toBeVisible();
      const video = page.getByTestId("hero-video");
      await expect(video).toHaveJSProperty("paused", true);
      await play.click();
      await expect(video).toHaveJSProperty("paused", false);
      await expect(page.getByRole("button", { name: "Pause background video" })).toBeVisible();
    });

    test("a caregiver photo that cannot load says so, in English and Spanish", async ({ page }) => {
      const { slug } = await caregiverWithPhoto();
      const photo = page.getByRole("main").locator(`img[src^="/media/caregivers/${slug}/photo"]`);
      await gotoHydrated(page, `/caregiver/${slug}`);
      // With the network answering, the photo itself shows.
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
      await expect(page.getByText("Failed to load image")).toHaveCount(0);

      await page.route(`**/media/caregivers/${slug}/photo*`, (route) => route.abort());
      await gotoHydrated(page, `/caregiver/${slug}`);
      await expect(page.getByRole("main").getByText("Failed to load image")).toBeVisible();
      await expect(photo).toHaveCount(0);

      await gotoHydrated(page, `/caregiver/${slug}?lang=es`);
      await expect(page.getByRole("main").getByText("No se pudo cargar la imagen")).toBeVisible();
    });
  });
}
