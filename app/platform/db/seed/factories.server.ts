import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";
import { lookupZip } from "~/utils/zip-codes.server";
import type { Database } from "~/platform/db/client.server";
import { DEFAULT_PRICING } from "./pricing-defaults";
import {
  accounts,
  caregiverAvailability,
  caregiverProfiles,
  clientProfiles,
  pricingSettings,
  promoCodes,
  trainingAttempts,
  trainingModules,
  userProfiles,
  userRoles,
  type CaregiverStatus,
  type Role,
} from "~/platform/db/schema";

// Factories shared by the seed and the tests: each creates one complete,
// valid record graph and returns what a caller needs to use it.

export type CreateUserInput = {
  email?: string;
  firstName?: string;
  lastName?: string;
  roles?: Role[];
  password?: string;
  emailVerified?: boolean;
};

let sequence = 0;
/**
 * A suffix no other factory call makes, in this process or another at the same millisecond
 * (parallel test workers each count from 1): the time, this process's count and random letters.
 */
function nextSequence() {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}${randomBytes(4).toString("hex")}`;
}

export async function createUser(db: Database, input: CreateUserInput = {}) {
  const id = randomUUID();
  const roles = input.roles ?? ["client"];
  const firstName = input.firstName ?? "Test";
  const lastName = input.lastName ?? `User${nextSequence()}`;
  const email = (input.email ?? `user-${nextSequence()}@example.test`).toLowerCase();
  const emailVerified = input.emailVerified ?? true;
  const primaryRole: Role = roles.includes("admin") ? "admin" : roles.includes("caregiver") ? "caregiver" : "client";
  await db.insert(userProfiles).values({
    id,
    email,
    name: `${firstName} ${lastName}`,
    emailVerified,
    emailVerifiedAt: emailVerified ? new Date() : null,
    role: primaryRole,
  });
  await db.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
  if (input.password) {
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await hashPassword(input.password),
    });
  }
  return { id, email, firstName, lastName, roles };
}

export async function createClient(db: Database, input: CreateUserInput & { zipCode?: string } = {}) {
  const user = await createUser(db, { ...input, roles: input.roles ?? ["client"] });
  const place = await lookupZip(input.zipCode ?? "60614");
  await db.insert(clientProfiles).values({
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: "(312) 555-0100",
    streetAddress: "100 Main Street",
    city: place?.city ?? "Chicago",
    state: place?.state ?? "IL",
    zipCode: input.zipCode ?? "60614",
  });
  return user;
}

export type AvailabilityWindow = { weekday: number; startMinute: number; endMinute: number };

export type CreateCaregiverInput = CreateUserInput & {
  slug?: string;
  status?: CaregiverStatus;
  backgroundCheckStatus?: "not_started" | "in_progress" | "clear" | "consider" | "failed";
  zipCode?: string;
  gender?: string;
  languages?: string[];
  services?: string[];
  skills?: string[];
  cultures?: string[];
  yearsExperience?: number;
  travelRadiusMiles?: number;
  hourlyRateCents?: number;
  ratingAvg?: number | null;
  ratingCount?: number;
  bio?: string;
  /** The language of `bio`; English when a bio is given without one. */
  bioLanguage?: "en" | "es";
  phoneNumber?: string;
  availability?: AvailabilityWindow[];
  /** Passed every required training module there is (default for approved caregivers), so offers may be accepted. */
  trainingCompleted?: boolean;
};

/** Monday to Friday, 8:00 to 18:00. */
export const WEEKDAY_DAYTIME: AvailabilityWindow[] = [0, 1, 2, 3, 4].map((weekday) => ({
  weekday,
  startMinute: 8 * 60,
  endMinute: 18 * 60,
}));

export async function createCaregiver(db: Database, input: CreateCaregiverInput = {}) {
  const user = await createUser(db, { ...input, roles: input.roles ?? ["caregiver"] });
  const zipCode = input.zipCode ?? "60614";
  const place = await lookupZip(zipCode);
  if (!place) throw new Error(`Unknown ZIP code ${zipCode}`);
  const status = input.status ?? "approved";
  await db.insert(caregiverProfiles).values({
    userId: user.id,
    slug: input.slug ?? `${slugify(`${user.firstName}-${user.lastName}`)}-${user.id.slice(0, 6)}`,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: input.phoneNumber ?? "(312) 555-0199",
    city: place.city,
    state: place.state,
    zipCode,
    latitude: place.latitude,
    longitude: place.longitude,
    caregiverStatus: status,
    backgroundCheckStatus: input.backgroundCheckStatus ?? (status === "approved" ? "clear" : "in_progress"),
    yearsExperience: input.yearsExperience ?? 3,
    bio: input.bio ?? null,
    bioLanguage: input.bio === undefined ? null : (input.bioLanguage ?? "en"),
    gender: input.gender ?? null,
    languages: input.languages ?? ["en"],
    services: input.services ?? ["companionship"],
    skills: input.skills ?? [],
    cultures: input.cultures ?? [],
    travelRadiusMiles: input.travelRadiusMiles ?? 15,
    hourlyRateCents: input.hourlyRateCents ?? 2800,
    ratingAvg: input.ratingAvg ?? null,
    ratingCount: input.ratingCount ?? 0,
    trainingCompletedAt: (input.trainingCompleted ?? status === "approved") ? new Date() : null,
  });
  if (input.trainingCompleted ?? status === "approved") await passRequiredTraining(db, user.id);
  const availability = input.availability ?? WEEKDAY_DAYTIME;
  if (availability.length > 0) {
    await db.insert(caregiverAvailability).values(availability.map((window) => ({ caregiverId: user.id, ...window })));
  }
  return user;
}

/**
 * Records a full-marks pass of every required training module not passed yet (or of the modules
 * named by slug), as if the caregiver had taken the quizzes (docs/product-rules.md, "Caregiver training").
 */
export async function passRequiredTraining(db: Database, caregiverId: string, slugs?: readonly string[]) {
  const modules = await db
    .select({ id: trainingModules.id, slug: trainingModules.slug, questions: trainingModules.questions })
    .from(trainingModules)
    .where(slugs ? inArray(trainingModules.slug, [...slugs]) : eq(trainingModules.isRequired, true));
  const passed = await db
    .select({ moduleId: trainingAttempts.moduleId })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.caregiverId, caregiverId), eq(trainingAttempts.passed, true)));
  const done = new Set(passed.map((row) => row.moduleId));
  const rows = modules
    .filter((module) => !done.has(module.id))
    .map((module) => ({
      moduleId: module.id,
      caregiverId,
      score: 100,
      passed: true,
      answers: module.questions.map((question) => question.answer),
      wrong: [],
      locale: "en",
    }));
  if (rows.length > 0) await db.insert(trainingAttempts).values(rows);
}

/** The pricing row (defaults unless overridden); replaces the one there is. */
export async function createPricing(db: Database, overrides: Partial<typeof DEFAULT_PRICING> = {}) {
  const values = { id: 1, ...DEFAULT_PRICING, ...overrides };
  await db.insert(pricingSettings).values(values).onConflictDoUpdate({ target: pricingSettings.id, set: values });
  return values;
}

export type CreatePromoCodeInput = {
  code?: string;
  kind?: "percent" | "fixed";
  amount?: number;
  validFrom?: Date | null;
  validUntil?: Date | null;
  usageCap?: number | null;
  timesUsed?: number;
  active?: boolean;
};

export async function createPromoCode(db: Database, input: CreatePromoCodeInput = {}) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: (input.code ?? `PROMO${nextSequence()}`).toUpperCase(),
      kind: input.kind ?? "percent",
      amount: input.amount ?? 10,
      validFrom: input.validFrom ?? null,
      validUntil: input.validUntil ?? null,
      usageCap: input.usageCap ?? null,
      timesUsed: input.timesUsed ?? 0,
      active: input.active ?? true,
    })
    .returning();
  return row!;
}
