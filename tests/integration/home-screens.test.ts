import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { orders, reviews, sessions, signInAttempts, visitNotes, visits } from "~/platform/db/schema";
import { getCaregiverHome } from "~/features/home/caregiver-home.server";
import { listCaregiverClients } from "~/features/home/caregiver-clients.server";
import { getClientHome } from "~/features/home/client-home.server";
import { listFamilyCaregivers, setPreferredCaregiver } from "~/features/home/providers.server";
import { getOrderMatches } from "~/features/orders/client-orders.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import type { Quote } from "~/features/pricing/quote";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";

// The home screens' reads (docs/architecture.md, "The home screens"): each scoped to its actor, the family's
// first-time state, the preferred caregiver mark and its effect on matching.

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const DAY = 24 * 60 * 60 * 1000;
const TUESDAYS_THURSDAYS = {
  0: [],
  1: [{ start: "09:00", end: "13:00" }],
  2: [],
  3: [{ start: "09:00", end: "13:00" }],
  4: [],
  5: [],
  6: [],
};

type Family = Awaited<ReturnType<typeof clientActor>> & { sessionId: string };

async function family(): Promise<Family> {
  return { ...(await clientActor(setup.db)), sessionId: randomUUID() };
}

async function confirmedOrder(client: Family, caregiverId: string, request = careRequestInput()) {
  const { orderId, orderNumber } = await submitCareRequest({ actor: client, request });
  await chooseCaregiver({ actor: client, orderId, caregiverId });
  await respondToOffer({ actor: asCaregiver(caregiverId), orderId, accept: true });
  const booked = await setup.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(visits.startsAt);
  return { orderId, orderNumber, visits: booked };
}

describe("the home screens", () => {
  let maria: { id: string; slug: string };
  let strong: { id: string };
  let dana: Family;
  let booked: Awaited<ReturnType<typeof confirmedOrder>>;

  beforeAll(async () => {
    // Maria speaks English only and has no dementia experience: a weaker match for a Spanish-speaking family.
    const created = await caregiverNear(setup.db, {
      firstName: "Maria",
      lastName: "Lopez",
      languages: ["en"],
      skills: [],
      slug: "maria-lopez-home",
    });
    maria = { id: created.id, slug: "maria-lopez-home" };
    strong = await caregiverNear(setup.db, {
      firstName: "Sofia",
      lastName: "Reyes",
      ratingAvg: 5,
      ratingCount: 30,
      yearsExperience: 12,
    });
    dana = await family();
    booked = await confirmedOrder(dana, maria.id);
  });

  test("a family with no order sees the first-time state and no caregivers", async () => {
    const newcomer = await family();
    const home = await getClientHome({ actor: newcomer });
    expect(home).toMatchObject({ isFirstTime: true, nextVisit: null, openRequests: [], orderToRate: null });
    expect(await listFamilyCaregivers({ actor: newcomer })).toEqual({ current: [], past: [] });
    // A caregiver has no family dashboard.
    await expect(getClientHome({ actor: { ...newcomer, roles: ["caregiver"] } })).rejects.toThrow(
      "common:access.denied",
    );
  });

  test("the dashboard shows the next visit with its caregiver, the visits ahead and the open requests", async () => {
    const first = booked.visits[0]!;
    const now = new Date(first.startsAt.getTime() - DAY);
    // A second request still waiting for the family's choice.
    const waiting = await submitCareRequest({
      actor: dana,
      request: careRequestInput({ weeklySchedule: TUESDAYS_THURSDAYS }),
    });
    const home = await getClientHome({ actor: dana, now });
    expect(home.isFirstTime).toBe(false);
    expect(home.nextVisit).toMatchObject({
      id: first.id,
      orderNumber: booked.orderNumber,
      timeZone: "America/Chicago",
      caregiver: { name: "Maria L.", slug: maria.slug },
    });
    // Mondays and Wednesdays: within 7 days only one more, so the next 5 are shown.
    expect(home.upcomingVisits.map((visit) => visit.id)).toEqual(booked.visits.slice(1, 6).map((visit) => visit.id));
    expect(home.openRequests).toEqual([
      expect.objectContaining({ orderId: waiting.orderId, status: "submitted", awaitsChoice: true, offeredTo: null }),
    ]);

    // Another family sees none of it.
    const other = await getClientHome({ actor: await family(), now });
    expect(other.isFirstTime).toBe(true);
    expect(JSON.stringify(other)).not.toContain(booked.orderNumber);
    await setup.db.delete(orders).where(eq(orders.id, waiting.orderId));
  });

  test("notes since the previous sign-in, else the last 7 days; Rate points at a completed visit without feedback", async () => {
    const [done, older] = booked.visits;
    const now = new Date();
    await setup.db.update(visits).set({ status: "completed" }).where(eq(visits.id, done!.id));
    await setup.db.insert(visitNotes).values([
      {
        visitId: done!.id,
        caregiverId: maria.id,
        observations: "Rosa enjoyed a walk.",
        createdAt: new Date(now.getTime() - DAY),
      },
      {
        visitId: older!.id,
        caregiverId: maria.id,
        observations: "An older note.",
        createdAt: new Date(now.getTime() - 3 * DAY),
      },
    ]);
    // Signed in 2 days ago, then again now (this session).
    await setup.db.insert(signInAttempts).values([
      { email: dana.email, succeeded: true, createdAt: new Date(now.getTime() - 2 * DAY) },
      { email: dana.email, succeeded: true, createdAt: now },
    ]);
    await setup.db.insert(sessions).values({
      id: dana.sessionId,
      token: randomUUID(),
      userId: dana.id,
      expiresAt: new Date(now.getTime() + DAY),
      createdAt: now,
    });
    const home = await getClientHome({ actor: dana, now });
    expect(home.notesSince.kind).toBe("last-sign-in");
    // The sign-in of 2 days ago, not this session's own.
    expect(home.notesSince.at).toEqual(new Date(now.getTime() - 2 * DAY));
    expect(home.notes.map((note) => note.observations)).toEqual(["Rosa enjoyed a walk."]);
    expect(home.notes[0]).toMatchObject({ caregiverName: "Maria L.", orderNumber: booked.orderNumber });

    // No session on record: the last 7 days.
    const fallback = await getClientHome({ actor: { ...dana, sessionId: randomUUID() }, now });
    expect(fallback.notesSince.kind).toBe("last-7-days");
    expect(fallback.notes.map((note) => note.observations)).toEqual(["Rosa enjoyed a walk.", "An older note."]);

    // The newest of a sign-in and another session that started before this one; a failed attempt is no sign-in.
    const otherSession = randomUUID();
    await setup.db.insert(sessions).values({
      id: otherSession,
      token: randomUUID(),
      userId: dana.id,
      expiresAt: new Date(now.getTime() + DAY),
      createdAt: new Date(now.getTime() - DAY / 2),
    });
    await setup.db
      .insert(signInAttempts)
      .values({ email: dana.email, succeeded: false, createdAt: new Date(now.getTime() - DAY / 4) });
    const sinceOther = await getClientHome({ actor: dana, now });
    expect(sinceOther.notesSince).toEqual({ at: new Date(now.getTime() - DAY / 2), kind: "last-sign-in" });
    expect(sinceOther.notes).toEqual([]);
    await setup.db.delete(sessions).where(eq(sessions.id, otherSession));

    // Another family never reads them.
    const stranger = await family();
    expect((await getClientHome({ actor: stranger, now })).notes).toEqual([]);

    expect(home.orderToRate).toEqual({ orderNumber: booked.orderNumber });
    await setup.db
      .insert(reviews)
      .values({ orderId: booked.orderId, clientId: dana.id, caregiverId: maria.id, rating: 5 });
    expect((await getClientHome({ actor: dana, now })).orderToRate).toBeNull();
  });

  test("Your Caregiver lists the current caregiver; only a family's own caregiver can be marked preferred", async () => {
    const { current, past } = await listFamilyCaregivers({ actor: dana });
    expect(current).toEqual([
      expect.objectContaining({
        id: maria.id,
        slug: maria.slug,
        firstName: "Maria",
        lastInitial: "L",
        isPreferred: false,
      }),
    ]);
    expect(past).toEqual([]);
    expect((await listFamilyCaregivers({ actor: await family() })).current).toEqual([]);

    await expect(
      setPreferredCaregiver({ actor: await family(), caregiverSlug: maria.slug, isPreferred: true }),
    ).rejects.toThrow("home:providers.refusals.notFound");
    expect(await setPreferredCaregiver({ actor: dana, caregiverSlug: maria.slug, isPreferred: true })).toEqual({
      caregiverId: maria.id,
      caregiverName: "Maria L.",
      isPreferred: true,
    });
    // Twice is the same.
    await setPreferredCaregiver({ actor: dana, caregiverSlug: maria.slug, isPreferred: true });
    expect((await listFamilyCaregivers({ actor: dana })).current[0]?.isPreferred).toBe(true);
    await setPreferredCaregiver({ actor: dana, caregiverSlug: maria.slug, isPreferred: false });
    expect((await listFamilyCaregivers({ actor: dana })).current[0]?.isPreferred).toBe(false);
  });

  test("matching offers a preferred caregiver first, with the reason, although another scores higher", async () => {
    const request = careRequestInput({ weeklySchedule: TUESDAYS_THURSDAYS });
    const before = await submitCareRequest({ actor: dana, request });
    const unmarked = await getOrderMatches({ actor: dana, orderId: before.orderId });
    expect(unmarked.matches[0]?.caregiverId).toBe(strong.id);
    const mariaBefore = unmarked.matches.find((match) => match.caregiverId === maria.id)!;
    expect(mariaBefore.score).toBeLessThan(unmarked.matches[0]!.score);
    await setup.db.delete(orders).where(eq(orders.id, before.orderId));

    await setPreferredCaregiver({ actor: dana, caregiverSlug: maria.slug, isPreferred: true });
    const { orderId } = await submitCareRequest({ actor: dana, request });
    const marked = await getOrderMatches({ actor: dana, orderId });
    expect(marked.matches[0]).toMatchObject({ caregiverId: maria.id, isPreferred: true, score: mariaBefore.score });
    expect(marked.matches[0]?.reasons[0]).toEqual({ code: "preferred" });
    // "Let Tendly choose" offers the preferred caregiver.
    expect(await chooseCaregiver({ actor: dana, orderId, caregiverId: null })).toEqual({
      status: "offered",
      caregiverName: "Maria L.",
    });
    // Another family's matching does not see Dana's preference.
    const other = await family();
    const theirs = await submitCareRequest({ actor: other, request });
    const otherMatches = await getOrderMatches({ actor: other, orderId: theirs.orderId });
    expect(otherMatches.matches[0]?.caregiverId).toBe(strong.id);
    expect(otherMatches.matches.every((match) => !match.isPreferred)).toBe(true);
    await setPreferredCaregiver({ actor: dana, caregiverSlug: maria.slug, isPreferred: false });
    await setup.db.delete(orders).where(eq(orders.id, theirs.orderId));
  });

  test("a caregiver's clients: current families with care details, backups of the week, past ones without health details", async () => {
    const now = new Date(booked.visits[0]!.startsAt.getTime() - DAY);
    const mine = await listCaregiverClients({ actor: asCaregiver(maria.id), now });
    expect(mine.current).toEqual([
      expect.objectContaining({
        orderNumber: booked.orderNumber,
        isBackup: false,
        address: expect.objectContaining({ streetAddress: "2400 N Clark St, Apt 5" }),
        recipient: expect.objectContaining({
          fullName: "Rosa Diaz",
          phoneNumber: "(312) 555-0142",
          healthNeeds: ["dementia"],
        }),
        // The first visit is completed by now (the notes test).
        nextVisit: expect.objectContaining({ startsAt: booked.visits[1]!.startsAt }),
      }),
    ]);
    // Sofia has no family of her own...
    expect(await listCaregiverClients({ actor: asCaregiver(strong.id), now })).toEqual({ current: [], past: [] });
    // ...until she takes one of Maria's visits this week as a backup.
    const taken = booked.visits[1]!;
    await setup.db
      .update(visits)
      .set({ caregiverId: strong.id, originalCaregiverId: maria.id })
      .where(eq(visits.id, taken.id));
    const backup = await listCaregiverClients({ actor: asCaregiver(strong.id), now });
    expect(backup.current).toEqual([
      expect.objectContaining({
        orderNumber: booked.orderNumber,
        isBackup: true,
        nextVisit: expect.objectContaining({ startsAt: taken.startsAt }),
      }),
    ]);
    await setup.db
      .update(visits)
      .set({ caregiverId: maria.id, originalCaregiverId: null })
      .where(eq(visits.id, taken.id));

    // Once the order is completed, the family is a past one: the name, the place, no health details.
    await setup.db.update(orders).set({ status: "completed" }).where(eq(orders.id, booked.orderId));
    const after = await listCaregiverClients({ actor: asCaregiver(maria.id), now });
    expect(after.current).toEqual([]);
    expect(after.past).toEqual([
      expect.objectContaining({ orderNumber: booked.orderNumber, recipientName: "Rosa Diaz" }),
    ]);
    expect(JSON.stringify(after.past)).not.toMatch(/dementia|555-0142|Clark/);
    // The family now sees Maria among past caregivers.
    expect((await listFamilyCaregivers({ actor: dana })).past.map((caregiver) => caregiver.id)).toEqual([maria.id]);
    await setup.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, booked.orderId));
  });

  test("the caregiver's dashboard: today's visits, offers waiting, this week's hours and expected pay, rating", async () => {
    // Monday 09:00-13:00 (completed) and Wednesday 09:00-13:00 in Chicago; "now" is Wednesday 08:00 there.
    const wednesday = booked.visits[1]!;
    const now = new Date(wednesday.startsAt.getTime() - 60 * 60 * 1000);
    const home = await getCaregiverHome({ actor: asCaregiver(maria.id), now });
    expect(home.todayVisits.map((visit) => visit.id)).toEqual([wednesday.id]);
    expect(home.todayVisits[0]).toMatchObject({ recipientName: "Rosa D.", orderNumber: booked.orderNumber });
    const [order] = await setup.db.select().from(orders).where(eq(orders.id, booked.orderId));
    const quote = order!.quote as unknown as Quote;
    // Both of this week's visits (4 h each) at the booked weekly pay.
    expect(home.week).toMatchObject({ visitCount: 2, minutes: 480, expectedPayCents: quote.caregiverPayCents });
    expect(home.rating).toEqual({ average: null, count: 0 });

    // An offer for Sofia shows on her dashboard only.
    const other = await family();
    const { orderId, orderNumber } = await submitCareRequest({
      actor: other,
      request: careRequestInput({ weeklySchedule: TUESDAYS_THURSDAYS }),
    });
    await chooseCaregiver({ actor: other, orderId, caregiverId: strong.id });
    const sofia = await getCaregiverHome({ actor: asCaregiver(strong.id), now });
    expect(sofia.offers.map((offer) => offer.orderNumber)).toEqual([orderNumber]);
    expect(sofia.todayVisits).toEqual([]);
    expect(sofia.week).toMatchObject({ visitCount: 0, minutes: 0, expectedPayCents: 0 });
    expect(sofia.rating).toEqual({ average: 5, count: 30 });
    const mariaOffers = (await getCaregiverHome({ actor: asCaregiver(maria.id), now })).offers;
    expect(mariaOffers.map((offer) => offer.orderNumber)).not.toContain(orderNumber);
    await expect(getCaregiverHome({ actor: dana, now })).rejects.toThrow("common:access.denied");
  });
});
