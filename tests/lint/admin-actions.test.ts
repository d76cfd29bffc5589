import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { AdminInvoiceActionSchema } from "~/features/billing/admin-billing-rules";
import { PayoutsActionSchema } from "~/features/earnings/earnings.schema";
import { AdminSupportSchema } from "~/features/messaging/messaging.schema";
import { AdminOrderActionSchema } from "~/features/orders/orders.schema";
import { PricingActionSchema } from "~/features/pricing/pricing.schema";
import { AdminUsersActionSchema } from "~/features/admin/admin.schema";
import { SECURITY_EVENT_TYPES } from "~/platform/auth/security-events.server";
import { AdminCaregiverActionSchema } from "~/routes/admin/caregiver.server";
import { AdminSettingsFormSchema } from "~/routes/admin/settings.server";
import { RequireByDateSchema } from "~/features/training/training.schema";
import { VerifyCredentialSchema } from "~/features/credentials/credentials.schema";
import { AUDIT_EVENT_TYPES } from "~/features/audit/audit-log.server";
import { ADMIN_ACTIONS } from "../support/admin-actions";

// Every admin action is listed in tests/support/admin-actions.ts with the audit event it writes (or why it is not
// one), so the walk of tests/integration/admin-audit-walk.test.ts cannot miss a new one. The intents are read
// from each admin route's action schema; routes whose one form's schema has no intent field are read from the
// intent their action checks.

const ROUTES = join(import.meta.dirname, "../../app/routes/admin");

/** Admin route modules whose one form has no intent field: what their action does, by module name. */
const FORMS_WITHOUT_INTENT: Record<string, string[]> = {
  // One module form: a new module without an id, the module of the URL otherwise.
  "training-module": ["create", "update"],
};

/** The admin route modules whose action parses one of these schemas, by module name. */
const ACTION_SCHEMAS: Record<string, z.ZodDiscriminatedUnion | z.ZodObject> = {
  caregiver: AdminCaregiverActionSchema,
  credentials: VerifyCredentialSchema,
  invoice: AdminInvoiceActionSchema,
  order: AdminOrderActionSchema,
  payouts: PayoutsActionSchema,
  pricing: PricingActionSchema,
  settings: AdminSettingsFormSchema,
  support: AdminSupportSchema,
  training: RequireByDateSchema,
  users: AdminUsersActionSchema,
} as never;

function intentsOf(schema: z.ZodDiscriminatedUnion | z.ZodObject): string[] {
  const options = "options" in schema ? schema.options : [schema];
  return options.map((option) => {
    const shape =
      (option as { shape?: Record<string, unknown> }).shape ??
      (option as { _zod: { def: { in?: { shape: Record<string, unknown> } } } })._zod.def.in?.shape ??
      {};
    return String((shape.intent as { value: unknown }).value);
  });
}

function source(name: string): string {
  const files = readdirSync(ROUTES).filter((file) => file === `${name}.tsx` || file === `${name}.server.ts`);
  return files.map((file) => readFileSync(join(ROUTES, file), "utf8")).join("\n");
}

/** Every "<route>:<intent>" of the admin routes that have an action. */
function adminIntents(): string[] {
  const modules = readdirSync(ROUTES)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".server.ts"))
    .filter((file) => /export async function action\b/.test(readFileSync(join(ROUTES, file), "utf8")))
    .map((file) => file.replace(/\.tsx?$/, ""));
  return modules.flatMap((name) => {
    const schema = ACTION_SCHEMAS[name];
    const intents =
      FORMS_WITHOUT_INTENT[name] ??
      (schema
        ? intentsOf(schema)
        : [...source(name).matchAll(/payload\.intent !== "([a-z0-9-]+)"/g)].map((match) => match[1]!));
    return intents.map((intent) => `${name}:${intent}`);
  });
}

describe("admin actions and the audit log", () => {
  test("every admin route with an action has its intents read", () => {
    const intents = adminIntents();
    const routes = new Set(intents.map((entry) => entry.split(":")[0]));
    expect([...routes].toSorted()).toEqual([
      "billing",
      "caregiver",
      "credentials",
      "invoice",
      "order",
      "payouts",
      "pricing",
      "settings",
      "support",
      "training",
      "training-module",
      "users",
      "visits",
    ]);
  });

  test("every admin route with an action has at least one intent", () => {
    const routes = new Set(adminIntents().map((entry) => entry.split(":")[0]));
    const withAction = readdirSync(ROUTES)
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".server.ts"))
      .filter((file) => /export async function action\b/.test(readFileSync(join(ROUTES, file), "utf8")))
      .map((file) => file.replace(/\.tsx?$/, ""));
    expect(withAction.filter((name) => !routes.has(name))).toEqual([]);
  });

  test("every admin intent is listed with its audit event, and nothing else is", () => {
    expect(adminIntents().toSorted()).toEqual(Object.keys(ADMIN_ACTIONS).toSorted());
  });

  test("every listed event is a type the product writes and the viewer names", () => {
    const known = new Set<string>(AUDIT_EVENT_TYPES);
    const events = Object.values(ADMIN_ACTIONS).flatMap((entry) => ("event" in entry ? [entry.event] : []));
    expect(events.filter((event) => !known.has(event))).toEqual([]);
    expect(SECURITY_EVENT_TYPES).toContain("visit_times_edited");
  });
});
