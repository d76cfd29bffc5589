import { expect, MOBILE, test } from "./fixtures";
import { gotoHydrated } from "./chrome-helpers";
import { watchConsole } from "./public-helpers";

// Every public content page renders its real content with a
// unique title and description and a canonical URL, on desktop and on a phone.

type PageCase = {
  path: string;
  heading: string | RegExp;
  text: string | RegExp;
  /** The page's heading and a text of it in Spanish, where it is checked in a Spanish browser too. */
  spanish?: { heading: string; text: string };
};

const PAGES: PageCase[] = [
  { path: "/", heading: "Trusted in-home care for the people you love", text: "Meet Our Providers" },
  { path: "/about", heading: "About Tendly", text: "Why we started" },
  { path: "/services", heading: "Our Services", text: "What our caregivers do not do" },
  {
    path: "/safety-and-trust",
    heading: "Safety and Trust",
    text: "felonies over the past 10 years and misdemeanors over the past 5 years",
  },
  { path: "/how-it-works", heading: "How It Works", text: "Common questions" },
  {
    path: "/become-caregiver",
    heading: "Become a Caregiver",
    text: "about 2 minutes, and typical review time is 5-7 business days",
  },
  { path: "/provider/apply", heading: "Become a Caregiver", text: "What you need" },
  { path: "/providers", heading: "Find a caregiver", text: /\d+ caregivers/ },
  { path: "/caregiver/jordan-rivera", heading: "Jordan R.", text: "Request this caregiver" },
  {
    path: "/blog",
    heading: "Resources",
    text: "Caregiver burnout: the warning signs and what actually helps",
    spanish: {
      heading: "Recursos",
      text: "El agotamiento del cuidador: las señales de alerta y lo que de verdad ayuda",
    },
  },
  {
    path: "/blog/dementia-care-at-home",
    heading: /Caring for someone with dementia at home/,
    text: "Build a steady routine",
  },
  {
    path: "/privacy",
    heading: "Privacy Policy",
    text: "Who can see health information",
    spanish: { heading: "Política de privacidad", text: "Quién puede ver la información de salud" },
  },
  {
    path: "/terms",
    heading: "Terms of Service",
    text: "What Tendly is",
    spanish: { heading: "Términos del servicio", text: "Qué es Tendly" },
  },
  {
    path: "/accessibility",
    heading: "Accessibility",
    text: "WCAG",
    spanish: { heading: "Accesibilidad", text: "La norma que seguimos" },
  },
];

for (const { path, heading, text } of PAGES) {
  test(`${path} shows its own content, title, description and canonical URL`, async ({ page }) => {
    const console = watchConsole(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(/\S.*Tendly|Tendly.*\S/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(60);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(path === "/provider/apply" ? "/become-caregiver" : path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
    console.expectNone();
  });
}

// The legal pages and the blog as a Spanish browser first sees them (Accept-Language es-US), the
// language never switched by hand: in Spanish, each legal page saying that the English text governs.
test.describe("in a Spanish browser", () => {
  test.use({ locale: "es-US" });

  for (const { path, spanish } of PAGES) {
    if (!spanish) continue;
    const { heading, text } = spanish;
    test(`${path} is in Spanish, with nothing marked as English`, async ({ page }) => {
      const console = watchConsole(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByText("Por ahora, este contenido solo está disponible en inglés.")).toHaveCount(0);
      await expect(page.getByRole("main").locator('[lang="en"]')).toHaveCount(0);
      if (path !== "/blog") {
        await expect(page.getByText("prevalece la versión en inglés")).toBeVisible();
        await expect(page.getByText("Última actualización: 23 de noviembre de 2026")).toBeVisible();
      }
      console.expectNone();
    });
  }

  test("the blog lists the Spanish guides, and one opens in Spanish at its own slug", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    const guides = page.getByRole("main").getByRole("article");
    await expect(guides).toHaveCount(6);
    await expect(page.getByRole("link", { name: /Preventing falls/ })).toHaveCount(0);
    await page
      .getByRole("link", { name: "Cómo prevenir caídas en casa: una lista de revisión cuarto por cuarto" })
      .click();
    await expect(page).toHaveURL(/\/blog\/prevenir-caidas-en-casa$/);
    await expect(page.getByRole("heading", { level: 1, name: /Cómo prevenir caídas en casa/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "En toda la casa" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Artículos relacionados" }).getByRole("article")).toHaveCount(3);
    await page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link", { name: "Recursos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Recursos" })).toBeVisible();
  });
});

test("every public page has its own title and description", async ({ page }) => {
  const seen = new Map<string, string>();
  for (const { path } of PAGES.filter((p) => p.path !== "/provider/apply")) {
    await page.goto(path);
    const key = `${await page.title()} | ${await page.locator('meta[name="description"]').getAttribute("content")}`;
    expect(seen.get(key), `${path} repeats ${seen.get(key)}`).toBeUndefined();
    seen.set(key, path);
  }
});

test("a page that starts at once brings the style sheet inside it, and keeps it through client-side navigation", async ({
  page,
}) => {
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || request.url().endsWith(".css"))
      stylesheetRequests.push(request.url());
  });
  // The contact form starts at once (the reading pages and the home page link the sheet: public-boot.test.ts).
  await gotoHydrated(page, "/contact");
  await expect(page.locator("style[data-href]")).toHaveCount(1);
  // Styled from the first paint: the header is sticky and the page's heading bold.
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "700");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1, name: "About Tendly" })).toHaveCSS("font-weight", "700");
  await expect(page.locator("style[data-href]")).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  expect(stylesheetRequests).toEqual([]);
});

test("the services page has an anchor for every service", async ({ page }) => {
  for (const id of ["personal-care", "companionship", "housekeeping", "meal-preparation", "transportation"]) {
    await page.goto(`/services#${id}`);
    await expect(page.locator(`section#${id}`)).toBeInViewport();
  }
});

test("an article shows its reading time and related posts; an unknown one is a 404", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: /Preventing falls at home/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Preventing falls at home/ })).toBeVisible();
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  const related = page.getByRole("region", { name: "Related articles" });
  await expect(related.getByRole("article")).toHaveCount(3);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: expect.stringContaining("Preventing falls") });

  const response = await page.goto("/blog/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);
  test("every public page fits 390 px without console errors", async ({ page }) => {
    const console = watchConsole(page);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    console.expectNone();
  });
});

test("pages with forms break no rule of the Content-Security-Policy, in English and Spanish", async ({ page }) => {
  // The browser fires `securitypolicyviolation` for each refusal, a caught one too (a library probing `eval`).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  for (const path of ["/providers", "/blog/choosing-in-home-care", "/contact", "/register", "/providers?lang=es"]) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const violations = await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations);
    expect(violations, path).toEqual([]);
  }
});
