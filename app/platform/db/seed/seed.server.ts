import { count } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { userProfiles } from "~/platform/db/schema";
import { demoCaregivers } from "./demo-caregivers";
import { createCaregiver, createClient, createPricing, createPromoCode, createUser } from "./factories.server";
import { WELCOME_PROMO } from "./pricing-defaults";

export const DEMO_PASSWORD = "DemoPass123!";

export const DEMO_ACCOUNTS = [
  { role: "client", email: "client@demo.tendly.test" },
  { role: "caregiver", email: "caregiver@demo.tendly.test" },
  { role: "admin", email: "admin@demo.tendly.test" },
] as const;

/**
 * Test-only extras, not offered on the login page: a caregiver whose
 * application is pending review, a suspended caregiver (docs/product-rules.md, "Areas, roles and redirects"), and a user
 * who is both administrator and client (user_roles may hold several roles).
 */
export const EXTRA_DEMO_ACCOUNTS = [
  { kind: "pending-caregiver", roles: ["caregiver"], email: "pending.caregiver@demo.tendly.test" },
  { kind: "suspended-caregiver", roles: ["caregiver"], email: "suspended.caregiver@demo.tendly.test" },
  { kind: "admin-client", roles: ["admin", "client"], email: "admin.client@demo.tendly.test" },
] as const;

/** Seeds demo data into an empty database; returns false when it already had users. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(userProfiles);
  if ((row?.users ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await createClient(t, {
      email: DEMO_ACCOUNTS[0].email,
      firstName: "Casey",
      lastName: "Morgan",
      password: DEMO_PASSWORD,
      zipCode: "60614",
    });
    await createCaregiver(t, {
      email: DEMO_ACCOUNTS[1].email,
      firstName: "Jordan",
      lastName: "Rivera",
      password: DEMO_PASSWORD,
      slug: "jordan-rivera",
      gender: "female",
      languages: ["en", "es"],
      cultures: ["latino"],
      services: ["personal-care", "companionship", "meal-preparation"],
      skills: ["dementia", "medication-reminders"],
      zipCode: "60657",
      yearsExperience: 6,
      travelRadiusMiles: 15,
      hourlyRateCents: 3000,
      bio: "Demo caregiver account: six years of home care, bilingual in English and Spanish.",
    });
    await createUser(t, {
      email: DEMO_ACCOUNTS[2].email,
      firstName: "Avery",
      lastName: "Admin",
      password: DEMO_PASSWORD,
      roles: ["admin"],
    });
    const [pending, suspended, adminClient] = EXTRA_DEMO_ACCOUNTS;
    await createCaregiver(t, {
      email: pending.email,
      firstName: "Parker",
      lastName: "Pending",
      password: DEMO_PASSWORD,
      slug: "parker-pending",
      status: "pending",
      zipCode: "60614",
    });
    await createCaregiver(t, {
      email: suspended.email,
      firstName: "Sawyer",
      lastName: "Suspended",
      password: DEMO_PASSWORD,
      slug: "sawyer-suspended",
      status: "suspended",
      zipCode: "60614",
    });
    await createClient(t, {
      email: adminClient.email,
      firstName: "Morgan",
      lastName: "Both",
      password: DEMO_PASSWORD,
      roles: [...adminClient.roles],
      zipCode: "60614",
    });
    await createPricing(t);
    await createPromoCode(t, { ...WELCOME_PROMO, validUntil: null });
    for (const caregiver of demoCaregivers()) {
      const { firstName, lastName, email, ...profile } = caregiver;
      await createCaregiver(t, {
        email,
        firstName,
        lastName,
        slug: `${firstName}-${lastName}`.toLowerCase().replace(/[^a-z-]/g, ""),
        ...profile,
      });
    }
  });
  return true;
}
