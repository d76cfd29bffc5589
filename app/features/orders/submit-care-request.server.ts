import { and, eq } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { onceForKey } from "~/platform/db/idempotency.server";
import { careRequests, caregiverProfiles, orders } from "~/platform/db/schema";
import { requestReceivedEmail } from "~/platform/email/templates/care-emails";
import { CareRequestSchema } from "~/features/care-requests/public";
import { saveRecipientOfRequest } from "~/features/care-requests/public.server";
import { scheduleStartProblem } from "~/features/care-requests/public";
import { queueAddressGeocode } from "~/features/geocoding/public.server";
import { timeZoneAt } from "~/utils/time-zone-lookup.server";
import type { Match } from "~/features/matching/public";
import { computeQuote, promoForQuote } from "~/features/pricing/public";
import { getPricing, pricingModel, usablePromo, usePromoCode } from "~/features/pricing/public.server";
import type { MessageRef } from "~/i18n/message-keys";
import { validationRef } from "~/i18n/message-text";
import { AppError } from "~/utils/app-error";
import { lookupZip } from "~/utils/zip-codes.server";
import { recordOrderEvent } from "./order-transitions.server";
import { matchesForRequest } from "./order-matches.server";
import { markNeedsCaregiver } from "./needs-caregiver.server";
import { orderEventNote } from "./order-event-note";
import { emailUser, orderUrl } from "./order-notifications.server";

// A family submits the /request wizard: the server re-parses the request,
// recomputes the quote with the stored pricing, stores the request and its
// order (status submitted) and returns the ranked matches to choose from.

export type SubmitResult = { orderId: string; orderNumber: string; matches: Match[] };

/** What a submission stores under its key: the order it made (the matches are ranked again on a repeat). */
type StoredSubmission = { orderId: string; orderNumber: string };

export const MATCHES_SHOWN = 5;

/** A request the schema refuses with a message that is no key of the catalogue. */
const CHECK_AND_RETRY = { key: "request:refusals.checkAndRetry" } as const satisfies MessageRef;

export async function submitCareRequest({
  actor,
  request,
  idempotencyKey,
  now = new Date(),
}: {
  actor: Pick<CurrentUser, "id" | "roles">;
  request: unknown;
  /**
   * The review step's key (docs/decisions/0019-idempotency-keys.md): a repeat with it
   * creates nothing and answers with the first submission's order.
   */
  idempotencyKey?: string;
  now?: Date;
}): Promise<SubmitResult> {
  const client = actorAs(actor, "client");
  const parsed = CareRequestSchema.safeParse(request);
  if (!parsed.success) {
    throw new AppError("invalid", validationRef(parsed.error.issues[0]?.message) ?? CHECK_AND_RETRY);
  }
  const care = parsed.data;
  const idem = idempotencyKey ? { scope: "care-request", key: idempotencyKey, owner: client.id! } : undefined;

  const { value: stored } = await onceForKey(idem, async (tx): Promise<StoredSubmission> => {
    // Checked inside: a repeat of a sent request answers with its order, even once its start has passed.
    const place = await lookupZip(care.zipCode.slice(0, 5));
    if (!place) throw new AppError("invalid", { key: "request:refusals.unknownZip" });
    const timeZone = timeZoneAt(place.latitude, place.longitude);
    // The browser checked this with its own clock; this clock decides, also for a
    // family who sat on the review step past the start (docs/product-rules.md, "Care requests").
    const tooLate = scheduleStartProblem(care, { timeZone, now });
    if (tooLate) {
      throw new AppError("invalid", validationRef(tooLate.message) ?? CHECK_AND_RETRY, {
        field: tooLate.field,
        reason: "start-passed",
      });
    }
    const lookup = await usablePromo(care.promoCode, now, tx);
    if (lookup.promo && !(await usePromoCode(lookup.promo.id, tx))) {
      throw new AppError("invalid", { key: "request:refusals.promoUsedUp" }, { field: "promoCode" });
    }
    const pricing = pricingModel(await getPricing(tx));
    const quote = computeQuote({ request: care, pricing, promo: promoForQuote(lookup.promo), now });
    // The person it is for is kept for the family's next request (docs/product-rules.md, "Care recipients").
    const careRecipientId = await saveRecipientOfRequest(tx, { clientId: client.id!, request: care, now });
    const [storedRequest] = await tx
      .insert(careRequests)
      .values({
        clientId: client.id!,
        careRecipientId,
        request: care as unknown as Record<string, unknown>,
        zipCode: care.zipCode,
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        timeZone,
        services: care.serviceTypes,
        healthNeeds: care.healthNeeds,
        language: care.preferredLanguage,
        caregiverGender: care.caregiverGender,
        culture: care.culture,
        scheduleType: care.scheduleType,
        startDate: care.startDate,
        endDate: care.scheduleType === "recurring" ? care.endDate : null,
      })
      .returning();
    // Placed on the map in the background: the family's request never waits on the provider.
    await queueAddressGeocode(tx, "care_requests", storedRequest!.id);
    const [created] = await tx
      .insert(orders)
      .values({
        clientId: client.id!,
        careRequestId: storedRequest!.id,
        quote: quote as unknown as Record<string, unknown>,
        promoCodeId: lookup.promo?.id ?? null,
      })
      .returning();
    await recordOrderEvent(tx, created!, {
      from: null,
      to: "submitted",
      actor: client,
      wording: orderEventNote("requestReceived"),
    });
    await emailUser(
      client.id!,
      (firstName, locale) =>
        requestReceivedEmail({
          firstName,
          orderNumber: created!.orderNumber,
          url: orderUrl(`/dashboard/appointments/order/${created!.id}`),
          locale,
        }),
      tx,
      { type: "order" },
    );
    return { orderId: created!.id, orderNumber: created!.orderNumber };
  });

  // The stored request, for the first submission and a repeat alike.
  const [row] = await db
    .select({ careRequest: careRequests })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orders.id, stored.orderId), eq(orders.clientId, client.id!)));
  if (!row) throw new AppError("not_found", { key: "request:refusals.requestNotFound" });
  const { careRequest } = row;
  const preferredSlug = (careRequest.request as { preferredCaregiverSlug?: string }).preferredCaregiverSlug;
  let matches = await matchesForRequest(careRequest, { limit: MATCHES_SHOWN, now });
  if (preferredSlug) {
    const [preferred] = await db
      .select({ id: caregiverProfiles.userId })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.slug, preferredSlug));
    if (preferred && !matches.some((match) => match.caregiverId === preferred.id)) {
      const [eligible] = await matchesForRequest(careRequest, { onlyCaregiverId: preferred.id, now });
      if (eligible) matches = [eligible, ...matches.slice(0, MATCHES_SHOWN - 1)];
    } else if (preferred) {
      matches = [
        ...matches.filter((match) => match.caregiverId === preferred.id),
        ...matches.filter((match) => match.caregiverId !== preferred.id),
      ];
    }
  }
  // Nobody to choose from: the order waits in the team's queue from now (needs-caregiver.server.ts).
  if (matches.length === 0) await markNeedsCaregiver(db, stored.orderId, now);
  return { ...stored, matches };
}
