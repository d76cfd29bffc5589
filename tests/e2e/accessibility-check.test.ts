import { analyse, expectAccessible } from "./accessibility";
import { expect, test } from "./fixtures";

// The accessibility check every test relies on (accessibility.ts) finds what it is there to find.

// These pages are broken on purpose: the automatic check of every loaded page leaves them alone.
test.beforeEach(({ a11y }) => {
  a11y.skipUrls.push(/^about:blank$/);
});

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>A page with faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <input type="text">
  <p style="color:#bbb;background:#fff">Faint text</p>
</main></body></html>`;

test("finds a missing text alternative, a missing label and faint text", async ({ page }) => {
  await page.setContent(BROKEN);
  const ids = (await analyse(page)).map((violation) => violation.id);
  expect(ids).toEqual(expect.arrayContaining(["image-alt", "label", "color-contrast"]));
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
});

test("checks the same document again after a client-side change, and finds a fault added since", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Fine</title></head><body><main>
    <h1>A page without faults</h1><label>Name <input type="text"></label></main></body></html>`);
  expect(await analyse(page)).toEqual([]);
  await page.evaluate(() => {
    document
      .querySelector("main")!
      .insertAdjacentHTML("beforeend", '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">');
  });
  expect((await analyse(page)).map((violation) => violation.id)).toContain("image-alt");
});

test("leaves out the dev mailbox's frame of third-party email HTML", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Mailbox</title></head><body><main>
    <h1>An email</h1>
    <iframe title="Email as HTML" sandbox srcdoc="<p style='color:#ccc'>faint</p><img src='x'>"></iframe>
  </main></body></html>`);
  expect(await analyse(page)).toEqual([]);
});

test("two checks of one document at once both finish, one after the other", async ({ page }) => {
  await page.setContent(BROKEN);
  const [first, second] = await Promise.all([analyse(page), analyse(page)]);
  expect(first.map((violation) => violation.id)).toContain("image-alt");
  expect(second.map((violation) => violation.id)).toContain("image-alt");
});
