import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, isNull, ne } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles, careRequests, orders, userProfiles, visits } from "~/platform/db/schema";
import { careRequestOf } from "~/features/orders/public";
import { getFixedT, labelsFor } from "~/i18n/i18n.server";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import { calendarIcs, firstNameOf, type FeedVisit } from "./calendar-ics";

// The caregiver's private calendar feed (docs/product-rules.md, "Visits"): a
// secret token in the URL stands for the caregiver (a phone's calendar cannot
// sign in), made on first ask and replaced on reset, which ends the old URL.

export const FEED_NOT_FOUND_MESSAGE = "evv:messages.feedNotFound";
/** The feed shows visits from this many days back (and every booked one ahead). */
export const FEED_PAST_DAYS = 30;
/** A caregiver's feed holds at most this many visits. */
export const FEED_MAX_VISITS = 1_000;

export type CalendarActor = { id: string; roles: readonly Role[] };

/** 32 random bytes, base64url: 43 characters, nothing to guess. */
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The caregiver's feed token, made the first time they ask for it. */
export async function getCalendarToken({ actor }: { actor: CalendarActor }): Promise<string> {
  const caregiver = actorAs(actor, "caregiver");
  return db.transaction(async (tx) => {
    const [made] = await tx
      .update(caregiverProfiles)
      .set({ calendarToken: newToken() })
      .where(and(eq(caregiverProfiles.userId, caregiver.id), isNull(caregiverProfiles.calendarToken)))
      .returning({ token: caregiverProfiles.calendarToken });
    if (made?.token) return made.token;
    const [profile] = await tx
      .select({ token: caregiverProfiles.calendarToken })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, caregiver.id));
    if (!profile?.token) throw new AppError("not_found", FEED_NOT_FOUND_MESSAGE);
    return profile.token;
  });
}

/** A new token: the old feed URL stops working at once. */
export async function resetCalendarToken({ actor }: { actor: CalendarActor }): Promise<string> {
  const caregiver = actorAs(actor, "caregiver");
  const [profile] = await db
    .update(caregiverProfiles)
    .set({ calendarToken: newToken() })
    .where(eq(caregiverProfiles.userId, caregiver.id))
    .returning({ token: caregiverProfiles.calendarToken });
  if (!profile?.token) throw new AppError("not_found", FEED_NOT_FOUND_MESSAGE);
  return profile.token;
}

/**
 * The iCalendar text of the feed behind `token`: the caregiver's visits that
 * are not cancelled, from FEED_PAST_DAYS ago to the last one booked, worded
 * in the caregiver's language. An unknown token, or a caregiver who is not
 * approved, is not_found with nothing more said.
 */
export async function buildCalendarFeed({
  token,
  appUrl,
  now = new Date(),
}: {
  token: string;
  /** The site's absolute URL, for the links back to each order. */
  appUrl: string;
  now?: Date;
}): Promise<{ ics: string }> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("not_found", FEED_NOT_FOUND_MESSAGE);
  const [owner] = await db
    .select({ id: caregiverProfiles.userId, locale: userProfiles.locale })
    .from(caregiverProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, caregiverProfiles.userId))
    .where(and(eq(caregiverProfiles.calendarToken, token), eq(caregiverProfiles.caregiverStatus, "approved")));
  if (!owner) throw new AppError("not_found", FEED_NOT_FOUND_MESSAGE);

  const rows = await db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      request: careRequests.request,
      services: careRequests.services,
      timeZone: careRequests.timeZone,
      city: careRequests.city,
      state: careRequests.state,
      zipCode: careRequests.zipCode,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(
      and(
        eq(visits.caregiverId, owner.id),
        ne(visits.status, "cancelled"),
        ne(orders.status, "cancelled"),
        gte(visits.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(visits.startsAt))
    .limit(FEED_MAX_VISITS);

  const locale = owner.locale ?? "en";
  const t = getFixedT(locale, "evv");
  const labels = labelsFor(locale);
  const feedVisits: FeedVisit[] = rows.map((row) => ({
    visitId: row.visit.id,
    orderId: row.visit.orderId,
    orderNumber: row.orderNumber,
    startsAt: row.visit.startsAt,
    endsAt: row.visit.endsAt,
    timeZone: row.timeZone,
    status: row.visit.status,
    services: row.services.map(labels.service).join(", "),
    firstName: firstNameOf(careRequestOf({ request: row.request }).fullName),
    area: `${[row.city, row.state].filter(Boolean).join(", ")} ${row.zipCode}`.trim(),
  }));
  const ics = calendarIcs({
    visits: feedVisits,
    appUrl,
    now,
    words: {
      calendarName: t("calendar.name"),
      summary: (visit) => t("calendar.summary", { services: visit.services, name: visit.firstName }),
      description: (visit, link) => t("calendar.description", { orderNumber: visit.orderNumber, link }),
    },
  });
  return { ics };
}
