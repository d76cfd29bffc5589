// `npm run bench:application`: how long a person takes to apply as a caregiver
// (the goal: about 2 minutes). A script in Chromium goes through the real
// application with the answers a typical applicant gives, and every action it
// takes is charged at the keystroke-level model's times (Card, Moran and Newell,
// The Psychology of Human-Computer Interaction, 1983): K 0.28 s a keystroke (an
// average typist, 40 words a minute), P 1.1 s to point, B 0.1 s a button press or
// release, H 0.4 s to move a hand between mouse and keyboard, M 1.35 s to decide.
// Reading (the background-check disclosure, the bio drafted from the answers)
// is charged at 240 words a minute, and the time the server takes is what this
// machine measured. It prints the estimate by step and kind, with and without
// the browser filling in name, email, phone and address and suggesting a
// password (autofill), and what writing the bio in one's own words would add
// (composition speed: 19 words a minute, 0.53 s a character).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { sampleJpeg, samplePdf } from "../tests/fixtures/documents";
import { verificationLinkFor } from "../tests/e2e/account-helpers";
import { waitForHydration } from "../tests/e2e/chrome-helpers";
import { uniqueEmail } from "../tests/e2e/password-reset-helpers";

const K = 0.28;
const P = 1.1;
const B = 0.1;
const H = 0.4;
const M = 1.35;
const COMPOSE_PER_CHARACTER = 0.53;
const READ_WORDS_PER_SECOND = 240 / 60;
/** Choosing a file: decide, open the picker, find the folder and the file, open it. */
const CHOOSE_FILE = M + P + 2 * B + M + 3 * (P + 2 * B);
/** A short bio in one's own words, for the comparison with keeping the draft. */
const OWN_BIO = "Four years caring for older adults at home. Patient and on time.";
/** Finding a reference's phone number or email in one's contacts. */
const LOOK_UP_CONTACT = 5;

type Kind = "typing" | "clicks" | "files" | "reading" | "server";
/** What the browser can fill in: the contact details, and a suggested password for new-password fields. */
type Autofill = "contact" | "password";
type Charge = { step: string; kind: Kind; seconds: number; autofilled?: Autofill };

class Effort {
  charges: Charge[] = [];
  step = "";
  constructor(private page: Page) {}

  private charge(kind: Kind, seconds: number, autofilled?: Autofill) {
    this.charges.push({ step: this.step, kind, seconds, autofilled });
  }

  /** Click into a field, type a known value, back to the mouse. */
  async type(field: Locator, value: string, { autofilled }: { autofilled?: Autofill } = {}) {
    await field.fill(value);
    this.charge("typing", M + P + 2 * B + H + K * value.length + H, autofilled);
  }

  async lookUpContact() {
    this.charge("typing", LOOK_UP_CONTACT);
  }

  /** Pick an option of a native select: open it, pick. */
  async select(field: Locator, value: string, { autofilled }: { autofilled?: Autofill } = {}) {
    await field.selectOption(value);
    this.charge("clicks", M + 2 * (P + 2 * B), autofilled);
  }

  async check(box: Locator) {
    await box.check();
    this.charge("clicks", M + P + 2 * B);
  }

  async click(target: Locator) {
    await target.click();
    this.charge("clicks", M + P + 2 * B);
  }

  /** A click that sends the page on: the server's time until `ready` shows is measured. */
  async submit(target: Locator, ready: Locator) {
    this.charge("clicks", M + P + 2 * B);
    const start = performance.now();
    await target.click();
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await waitForHydration(this.page);
    this.charge("server", (performance.now() - start) / 1000);
  }

  async chooseFile(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }, uploaded: Locator) {
    this.charge("files", CHOOSE_FILE);
    const start = performance.now();
    await input.setInputFiles(file);
    await expect(uploaded).toBeVisible({ timeout: 30_000 });
    this.charge("server", (performance.now() - start) / 1000);
  }

  async read(text: string) {
    const words = text.split(/\s+/).filter(Boolean).length;
    this.charge("reading", words / READ_WORDS_PER_SECOND);
  }

  /** Switch to the mailbox, open the message, follow its link. */
  async openEmailLink(link: string, ready: Locator) {
    this.charge("clicks", 3 * (P + 2 * B) + M);
    const start = performance.now();
    await this.page.goto(link);
    await expect(ready).toBeVisible({ timeout: 30_000 });
    this.charge("server", (performance.now() - start) / 1000);
  }
}

const seconds = (charges: Charge[]) => charges.reduce((sum, charge) => sum + charge.seconds, 0);
const format = (value: number) => `${value.toFixed(1)} s`.padStart(8);

test("a typical applicant's effort, step by step", async ({ page }) => {
  const effort = new Effort(page);
  const heading = (name: string) => page.getByRole("heading", { level: 1, name });
  const save = page.getByRole("button", { name: "Save and continue" });
  const email = uniqueEmail("applicant");

  await page.goto("/become-caregiver");
  await waitForHydration(page);
  effort.step = "start";
  await effort.submit(
    page.getByRole("main").getByRole("link", { name: /apply/i }).first(),
    heading("Personal information"),
  );

  effort.step = "1 personal information";
  await effort.type(page.getByLabel("First name", { exact: true }), "Maria", { autofilled: "contact" });
  await effort.type(page.getByLabel("Last name", { exact: true }), "Garcia", { autofilled: "contact" });
  await effort.type(page.getByLabel("Email", { exact: true }), email, { autofilled: "contact" });
  await effort.type(page.getByLabel("Phone number"), "(312) 555-0142", { autofilled: "contact" });
  // Browsers offer a strong password for new-password fields and fill both.
  await effort.type(page.getByLabel("Password", { exact: true }), "Sunny-Day-42", { autofilled: "password" });
  await effort.type(page.getByLabel("Confirm password", { exact: true }), "Sunny-Day-42", { autofilled: "password" });
  await effort.type(page.getByLabel("Street address"), "200 Lake Shore Drive", { autofilled: "contact" });
  await effort.type(page.getByLabel("ZIP code"), "60611", { autofilled: "contact" });
  // City and State come from the ZIP code: nothing to type.
  await expect(page.getByLabel("City")).toHaveValue("Chicago");
  await expect(page.getByLabel("State")).toHaveValue("IL");
  await effort.submit(page.getByRole("button", { name: "Create account and continue" }), heading("Background check"));

  effort.step = "2 background";
  await effort.read(
    await page.getByRole("region", { name: "Disclosure regarding background investigation" }).innerText(),
  );
  await effort.check(page.getByRole("checkbox", { name: /I authorise Tendly to obtain consumer reports/ }));
  await effort.check(page.getByRole("checkbox", { name: /true and complete/ }));
  // One reference (a second is optional, and the typical applicant gives one).
  const reference = page.getByRole("group", { name: "Reference 1" });
  await effort.type(reference.getByLabel("Full name"), "Dana Hill");
  await effort.select(reference.getByLabel("How you know them"), "Former employer");
  await effort.lookUpContact();
  await effort.type(reference.getByLabel("Phone or email"), "dana.hill@example.com");
  await effort.submit(save, heading("Availability"));

  effort.step = "3 availability";
  await effort.click(page.getByRole("button", { name: "Weekdays, 7 am - 5 pm" }));
  // The travel radius keeps its 15-mile default.
  await effort.submit(save, heading("Experience"));

  effort.step = "4 experience";
  await effort.type(page.getByLabel("Years of caregiving experience"), "4");
  await effort.check(page.getByRole("checkbox", { name: "Personal Care" }));
  await effort.check(page.getByRole("checkbox", { name: "Companionship" }));
  await effort.check(page.getByRole("checkbox", { name: "English" }));
  // The first draft written from these answers, read and kept.
  const beforeDraft = seconds(effort.charges);
  await effort.click(page.getByRole("button", { name: "Draft it from my answers" }));
  await effort.read(await page.getByLabel("About you").inputValue());
  const keepingDraft = seconds(effort.charges) - beforeDraft;
  await effort.submit(save, heading("Documents"));

  effort.step = "5 documents";
  const region = (name: string) => page.getByRole("region", { name });
  await effort.chooseFile(
    region("Government-issued photo ID").getByLabel(/^Choose /),
    { name: "state-id.pdf", mimeType: "application/pdf", buffer: samplePdf() },
    page.getByRole("link", { name: "state-id.pdf" }),
  );
  await effort.chooseFile(
    region("Profile photo").getByLabel(/^Choose /),
    { name: "maria.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() },
    page.getByRole("link", { name: "maria.jpg" }),
  );
  await effort.submit(page.getByRole("button", { name: "Continue to review" }), heading("Review"));

  effort.step = "6 confirm email and submit";
  await effort.openEmailLink(await verificationLinkFor(email), heading("Review"));
  await waitForHydration(page);
  await effort.submit(
    page.getByRole("button", { name: "Submit application" }),
    heading("Application Submitted Successfully"),
  );

  const steps = [...new Set(effort.charges.map((charge) => charge.step))];
  const kinds: Kind[] = ["typing", "clicks", "files", "reading", "server"];
  const lines = [
    `\nCaregiver application, estimated time for a person (keystroke-level model; server times measured here)`,
    `${"step".padEnd(28)}${kinds.map((kind) => kind.padStart(8)).join("")}${"total".padStart(8)}`,
    ...steps.map((step) => {
      const charges = effort.charges.filter((charge) => charge.step === step);
      const byKind = kinds.map((kind) => format(seconds(charges.filter((charge) => charge.kind === kind))));
      return `${step.padEnd(28)}${byKind.join("")}${format(seconds(charges))}`;
    }),
  ];
  const total = seconds(effort.charges);
  // With autofill, each group of fields the browser fills costs one pick from its suggestion list.
  const groups = new Set(effort.charges.flatMap((charge) => (charge.autofilled ? [charge.autofilled] : [])));
  const autofill =
    total - seconds(effort.charges.filter((charge) => charge.autofilled)) + groups.size * (M + 2 * (P + 2 * B));
  // Writing the bio in one's own words instead: click in, compose, back to the mouse.
  const ownWords = M + P + 2 * B + H + COMPOSE_PER_CHARACTER * OWN_BIO.length + H - keepingDraft;
  lines.push(
    `${"all".padEnd(28)}${kinds.map((kind) => format(seconds(effort.charges.filter((charge) => charge.kind === kind)))).join("")}${format(total)}`,
    `\nTyped by hand: ${(total / 60).toFixed(1)} min (${total.toFixed(0)} s); with the browser's autofill for name, email, phone and address and its suggested password: ${(autofill / 60).toFixed(1)} min (${autofill.toFixed(0)} s).`,
    `Writing the bio in one's own words (${OWN_BIO.length} characters) instead of keeping the draft: ${ownWords.toFixed(0)} s more.`,
  );
  console.log(lines.join("\n"));
});
