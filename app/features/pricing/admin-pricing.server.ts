import { desc, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { pricingSettings, promoCodes } from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { getPricing, findPromoCode } from "./pricing.server";
import type { PricingForm, PromoForm } from "./pricing.schema";

// /admin/pricing: the pricing model and the promo codes. Every change is an
// audit event with the values before and after.

type Actor = Pick<CurrentUser, "id" | "roles">;

export async function getAdminPricing({ actor }: { actor: Actor }) {
  actorAs(actor, "admin");
  const [pricing, promos] = await Promise.all([
    getPricing(),
    db.select().from(promoCodes).orderBy(desc(promoCodes.active), desc(promoCodes.createdAt)),
  ]);
  return { pricing, promos };
}

export async function updatePricing({
  actor,
  values,
  request,
}: {
  actor: Actor;
  values: PricingForm;
  request?: Request;
}) {
  actorAs(actor, "admin");
  const before = await getPricing();
  await db
    .update(pricingSettings)
    .set({ ...values, updatedBy: actor.id, updatedAt: new Date() })
    .where(eq(pricingSettings.id, 1));
  const { updatedAt: _at, updatedBy: _by, ...previous } = before;
  await recordSecurityEvent({
    type: "pricing_updated",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { before: previous, after: values },
  });
}

export async function createPromoCode({
  actor,
  values,
  request,
}: {
  actor: Actor;
  values: PromoForm;
  request?: Request;
}) {
  actorAs(actor, "admin");
  if (await findPromoCode(values.code))
    throw new AppError("conflict", { key: "admin:pricing.codeExists", values: { code: values.code } });
  const [created] = await db
    .insert(promoCodes)
    .values({ ...values, createdBy: actor.id })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError("conflict", { key: "admin:pricing.codeExists", values: { code: values.code } });
  await recordSecurityEvent({
    type: "promo_code_created",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { code: created.code, kind: created.kind, amount: created.amount, usageCap: created.usageCap },
  });
  return created;
}

export async function deactivatePromoCode({
  actor,
  promoId,
  request,
}: {
  actor: Actor;
  promoId: string;
  request?: Request;
}) {
  actorAs(actor, "admin");
  if (!/^[0-9a-f-]{36}$/i.test(promoId)) throw new AppError("not_found", { key: "admin:refusals.promoGone" });
  const [row] = await db
    .update(promoCodes)
    .set({ active: false })
    .where(eq(promoCodes.id, promoId))
    .returning({ code: promoCodes.code });
  if (!row) throw new AppError("not_found", { key: "admin:refusals.promoGone" });
  await recordSecurityEvent({
    type: "promo_code_deactivated",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { code: row.code },
  });
  return row;
}
