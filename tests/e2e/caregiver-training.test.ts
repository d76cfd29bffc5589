import { desc, eq } from "drizzle-orm";
import { auditEvents, caregiverProfiles, trainingModules, userProfiles } from "~/platform/db/schema";
import { passRequiredTraining } from "~/platform/db/seed/factories.server";
import { createOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Caregiver training (docs/product-rules.md, "Caregiver training"): a new caregiver is refused an
// offer until the required training is passed, passes the last module's quiz in Spanish, accepts,
// and the public profile shows the certified training; an admin creates and edits a module.

test.describe.configure({ timeout: TIMEOUTS.journey });

const STARTER_SLUGS_BUT_DEMENTIA = [
  "safe-transfers",
  "infection-control",
  "abuse-and-neglect",
  "health-privacy",
  "emergencies",
];

test("a new caregiver is refused an offer until trained, passes the quiz in Spanish, accepts; the badge shows", async ({
  page,
}) => {
  const db = e2eDatabase();
  const order = await createOrderForAdmin({
    lastName: unique("Train"),
    offer: true,
    caregiver: { firstName: "Lucía", trainingCompleted: false },
  });
  const { caregiver } = order;
  await db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, caregiver.id));
  // Five of the six required modules already passed; the last one is taken here.
  await passRequiredTraining(db, caregiver.id, STARTER_SLUGS_BUT_DEMENTIA);
  const [profile] = await db
    .select({ slug: caregiverProfiles.slug })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiver.id));
  await signIn(page, caregiver.email);

  // Before Accept, the offer names the module missing; Accept is refused with the way to the training.
  await gotoHydrated(page, `/caregiver/orders/${order.orderId}`);
  const main = page.getByRole("main");
  const gate = main.getByRole("alert").filter({ hasText: "Apruebe la capacitación obligatoria antes de aceptar esto" });
  await expect(gate.getByRole("link", { name: "Conceptos básicos de la demencia" })).toHaveAttribute(
    "href",
    "/caregiver/training/dementia-basics",
  );
  await main.getByRole("button", { name: "Aceptar este trabajo" }).click();
  await expect(main.getByText(/Debe aprobar la capacitación obligatoria para cuidadores de Tendly/)).toBeVisible();
  await main.getByRole("link", { name: "Ir a la capacitación" }).first().click();

  await expect(page).toHaveURL(/\/caregiver\/training$/);
  await expect(page.getByRole("heading", { level: 1, name: "Capacitación" })).toBeVisible();
  await main.getByRole("link", { name: "Abrir Conceptos básicos de la demencia" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conceptos básicos de la demencia" })).toBeVisible();
  // The video plays with Spanish captions by default; the page holds no right answers.
  await expect(main.locator('video track[srclang="es"]')).toHaveAttribute("default", "");
  expect(await page.content()).not.toContain('"answer"');

  // Two wrong answers (60 %): not passed, those questions marked; then every answer right.
  const [module] = await db.select().from(trainingModules).where(eq(trainingModules.slug, "dementia-basics"));
  const answers = module!.questions.map((question) => question.answer);
  const choose = async (index: number, option: number) =>
    main
      .getByRole("group", { name: new RegExp(`^Pregunta ${index + 1}`) })
      .getByRole("radio")
      .nth(option)
      .check();
  for (const [index, answer] of answers.entries()) await choose(index, index < 2 ? (answer + 1) % 3 : answer);
  await main.getByRole("button", { name: "Revisar mis respuestas" }).click();
  await expect(main.getByText("Todavía no aprueba")).toBeVisible();
  await expect(main.getByText("Preguntas para revisar: 1, 2", { exact: false })).toBeVisible();
  await choose(0, answers[0]!);
  await choose(1, answers[1]!);
  await main.getByRole("button", { name: "Hacer el cuestionario otra vez" }).click();
  await expect(main.getByText(/Aprobó con 100 %/)).toBeVisible();

  // Now the offer is accepted.
  await gotoHydrated(page, `/caregiver/orders/${order.orderId}`);
  await expect(main.getByText(/Apruebe la capacitación obligatoria/)).toHaveCount(0);
  await main.getByRole("button", { name: "Aceptar este trabajo" }).click();
  await expect(main.getByText("Aceptó este trabajo.", { exact: false })).toBeVisible();

  // The public profile shows the certified training, with its date.
  await gotoHydrated(page, `/caregiver/${profile!.slug}`);
  await expect(page.getByText("Capacitación certificada")).toBeVisible();
  await expect(page.getByText(/Aprobó la capacitación para cuidadores de Tendly el \d+ de \w+ de \d{4}/)).toBeVisible();
});

test("an admin creates a module and edits it; both are audited", async ({ page }) => {
  const db = e2eDatabase();
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/training");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Safe transfers and fall prevention" })).toBeVisible();
  await main.getByRole("link", { name: "New module" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New training module" })).toBeVisible();

  const title = unique("Lifting aids ");
  const english = main.getByRole("region", { name: "English" });
  const spanish = main.getByRole("region", { name: "Spanish" });
  await english.getByLabel("Title").fill(title);
  await english.getByLabel("Summary").fill("Hoists and slide sheets.");
  await english.getByLabel("Reading").fill("Use a hoist only as shown.\n\nCheck the sling first.");
  await english.getByLabel("Questions").fill("Check what first?\n* The sling\n- The TV");
  await spanish.getByLabel("Title").fill(`${title} (es)`);
  await spanish.getByLabel("Summary").fill("Grúas y sábanas deslizantes.");
  await spanish.getByLabel("Reading").fill("Use la grúa solo como se la enseñaron.\n\nRevise primero el arnés.");
  // Languages that do not match are refused with the reason.
  await spanish.getByLabel("Questions").fill("¿Qué revisa primero?\n- El arnés\n* La televisión");
  await main.getByRole("button", { name: "Save module" }).click();
  await expect(main.getByText(/The English and Spanish questions must match/)).toBeVisible();
  await spanish.getByLabel("Questions").fill("¿Qué revisa primero?\n* El arnés\n- La televisión");
  await main.getByRole("button", { name: "Save module" }).click();
  await expect(main.getByText("Module created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${title}` })).toBeVisible();

  // Left unticked, the module is optional: the box is no required field.
  await expect(main.getByLabel("Required of every caregiver")).not.toBeChecked();
  await expect(main.getByLabel("Required of every caregiver")).not.toHaveAttribute("required");
  await main.getByLabel("Pass mark (%)").fill("100");
  await main.getByRole("button", { name: "Save module" }).click();
  await expect(main.getByText("Module saved.")).toBeVisible();

  const [module] = await db
    .select()
    .from(trainingModules)
    .where(eq(trainingModules.title, { en: title, es: `${title} (es)` }));
  expect(module).toMatchObject({ passMark: 100, isRequired: false });
  const events = await db
    .select({ eventType: auditEvents.eventType, metadata: auditEvents.metadata })
    .from(auditEvents)
    .orderBy(desc(auditEvents.createdAt))
    .limit(20);
  const mine = events.filter((event) => (event.metadata as { moduleId?: string }).moduleId === module!.id);
  expect(mine.map((event) => event.eventType).sort()).toEqual(["training_module_created", "training_module_updated"]);

  await gotoHydrated(page, "/admin/training");
  await expect(main.getByRole("heading", { name: title })).toBeVisible();
  await db.delete(trainingModules).where(eq(trainingModules.id, module!.id));
});
