import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, careSettings, caregiverProfiles, reviews, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { getPublicCaregiver } from "~/features/caregivers/public-caregivers.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { listCaregiverReviewsForAdmin } from "~/features/reviews/caregiver-reviews.server";
import { hideReview, unhideReview } from "~/features/reviews/hide-review.server";
import { leaveReview } from "~/features/reviews/leave-review.server";
import { getOrderFeedback } from "~/features/reviews/order-feedback.server";
import { DAY_MS } from "~/features/reviews/review-rules";
import type { ReviewInput } from "~/features/reviews/reviews.schema";
import { useAuthTestSetup } from "./auth-env";
import { bookedOneTimeOrder, caregiverNear, clientActor } from "./care-loop-helpers";

// Feedback (docs/product-rules.md, "Feedback"): one review per order once a visit
// is completed, editable for care_settings.feedback_edit_days, the caregiver's
// rating recomputed from all their reviews, comments hidden by admins.

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

type Client = Awaited<ReturnType<typeof clientActor>>;

/** A one-time order of `client` booked with `caregiverId`, its visit completed unless `complete` is false. */
const bookedOrder = (client: Client, caregiverId: string, options: { complete?: boolean } = {}) =>
  bookedOneTimeOrder(setup.db, client, caregiverId, options);

async function ratingOf(caregiverId: string) {
  const [row] = await setup.db
    .select({ ratingAvg: caregiverProfiles.ratingAvg, ratingCount: caregiverProfiles.ratingCount })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  return {
    ratingAvg: row?.ratingAvg === null || row?.ratingAvg === undefined ? null : Number(row.ratingAvg),
    ratingCount: row?.ratingCount,
  };
}

const input = (rating: number, overrides: Partial<ReviewInput> = {}): ReviewInput => ({
  rating,
  comment: "",
  tags: [],
  ...overrides,
});

describe("feedback on an order", () => {
  let client: Client;
  beforeAll(async () => {
    client = await clientActor(setup.db);
  });

  test("is refused before a visit is completed, and the page explains why", async () => {
    const caregiver = await caregiverNear(setup.db);
    const { orderNumber, visitId } = await bookedOrder(client, caregiver.id, { complete: false });
    expect(await getOrderFeedback({ actor: client, orderNumber })).toMatchObject({ state: "waiting", review: null });
    await expect(leaveReview({ actor: client, orderNumber, input: input(5) })).rejects.toThrow(
      "reviews:refusals.notYet",
    );
    // A visit checked in but not out is not completed yet either.
    await setup.db.update(visits).set({ status: "checked_in", checkedInAt: new Date() }).where(eq(visits.id, visitId));
    await expect(leaveReview({ actor: client, orderNumber, input: input(5) })).rejects.toThrow(
      "reviews:refusals.notYet",
    );
    expect(await setup.db.select().from(reviews)).toHaveLength(0);
  });

  test("is one review per order: sending again changes it", async () => {
    const caregiver = await caregiverNear(setup.db, { firstName: "Nora", lastName: "Quinn" });
    const { orderId, orderNumber } = await bookedOrder(client, caregiver.id);
    expect(await getOrderFeedback({ actor: client, orderNumber })).toMatchObject({
      state: "new",
      caregiverName: "Nora Q.",
    });
    expect(
      await leaveReview({
        actor: client,
        orderNumber,
        input: input(4, { comment: "Kind and on time.", tags: ["kind", "punctual"] }),
      }),
    ).toEqual({ status: "created" });
    expect(await leaveReview({ actor: client, orderNumber, input: input(5, { comment: "Even better now." }) })).toEqual(
      { status: "updated" },
    );
    const rows = await setup.db.select().from(reviews).where(eq(reviews.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Even better now.", tags: [], caregiverId: caregiver.id });
    const feedback = await getOrderFeedback({ actor: client, orderNumber });
    expect(feedback).toMatchObject({ state: "editable", review: { rating: 5, comment: "Even better now." } });
    expect(feedback.editableUntil!.getTime() - rows[0]!.createdAt.getTime()).toBe(14 * DAY_MS);
    // The database holds the rule too.
    await expect(
      setup.db.insert(reviews).values({ orderId, clientId: client.id, caregiverId: caregiver.id, rating: 1 }),
    ).rejects.toSatisfy((error) => pgErrorCode(error) === "23505");
  });

  test("can be changed for feedbackEditDays days after it was left, then is read only", async () => {
    const caregiver = await caregiverNear(setup.db);
    const { orderNumber } = await bookedOrder(client, caregiver.id);
    const left = new Date();
    await leaveReview({ actor: client, orderNumber, input: input(3), now: left });
    const later = (days: number) => new Date(left.getTime() + days * DAY_MS);

    await leaveReview({ actor: client, orderNumber, input: input(4), now: later(13) });
    await expect(leaveReview({ actor: client, orderNumber, input: input(1), now: later(14) })).rejects.toThrow(
      "reviews:refusals.editClosed",
    );
    expect(await getOrderFeedback({ actor: client, orderNumber, now: later(15) })).toMatchObject({
      state: "closed",
      review: { rating: 4 },
    });

    // The window is a setting: at 30 days the same review is open again.
    await setup.db.insert(careSettings).values({ id: 1, feedbackEditDays: 30 });
    try {
      expect((await getOrderFeedback({ actor: client, orderNumber, now: later(15) })).state).toBe("editable");
      expect(await leaveReview({ actor: client, orderNumber, input: input(2), now: later(29) })).toEqual({
        status: "updated",
      });
    } finally {
      await setup.db.delete(careSettings);
    }
  });

  test("is not found for another family, and refused to a caregiver", async () => {
    const caregiver = await caregiverNear(setup.db);
    const { orderNumber } = await bookedOrder(client, caregiver.id);
    const other = await clientActor(setup.db);
    await expect(getOrderFeedback({ actor: other, orderNumber })).rejects.toMatchObject({ code: "not_found" });
    await expect(leaveReview({ actor: other, orderNumber, input: input(1) })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getOrderFeedback({ actor: client, orderNumber: "TN-1999-000001" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(leaveReview({ actor: asCaregiver(caregiver.id), orderNumber, input: input(5) })).rejects.toMatchObject(
      { code: "forbidden" },
    );
    expect(await setup.db.select().from(reviews).where(eq(reviews.caregiverId, caregiver.id))).toHaveLength(0);
  });
});

describe("the caregiver's rating", () => {
  test("is recomputed from all their reviews in the same transaction; seeded figures give way to the first", async () => {
    // Seeded figures without review rows, as the demo caregivers have.
    const caregiver = await caregiverNear(setup.db, { ratingAvg: 4.9, ratingCount: 27 });
    const first = await clientActor(setup.db);
    const second = await clientActor(setup.db);
    const one = await bookedOrder(first, caregiver.id);
    const two = await bookedOrder(second, caregiver.id);

    await leaveReview({ actor: first, orderNumber: one.orderNumber, input: input(3) });
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 3, ratingCount: 1 });
    await leaveReview({ actor: second, orderNumber: two.orderNumber, input: input(4, { comment: "Lovely." }) });
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 3.5, ratingCount: 2 });
    // An edit moves the average, not the count.
    await leaveReview({ actor: first, orderNumber: one.orderNumber, input: input(5) });
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 4.5, ratingCount: 2 });

    // A hidden comment's stars still count.
    const admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin" as const] };
    const [review] = await setup.db.select().from(reviews).where(eq(reviews.orderId, two.orderId));
    await hideReview({ actor: admin, caregiverId: caregiver.id, reviewId: review!.id, reason: "Test" });
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 4.5, ratingCount: 2 });
    await leaveReview({ actor: second, orderNumber: two.orderNumber, input: input(2, { comment: "Changed." }) });
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 3.5, ratingCount: 2 });
  });

  test("two families rating the same caregiver at the same moment both count", async () => {
    const caregiver = await caregiverNear(setup.db);
    const families = await Promise.all([clientActor(setup.db), clientActor(setup.db), clientActor(setup.db)]);
    const orders: Awaited<ReturnType<typeof bookedOrder>>[] = [];
    for (const family of families) orders.push(await bookedOrder(family, caregiver.id));
    await Promise.all(
      families.map((family, index) =>
        leaveReview({ actor: family, orderNumber: orders[index]!.orderNumber, input: input(index + 3) }),
      ),
    );
    expect(await ratingOf(caregiver.id)).toEqual({ ratingAvg: 4, ratingCount: 3 });
  });
});

describe("moderation and the public profile", () => {
  test("an admin hides an abusive comment with a reason: gone from the profile, audited, and can be shown again", async () => {
    const caregiver = await caregiverNear(setup.db, { firstName: "Iris", lastName: "Vega", slug: "iris-vega" });
    const admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin" as const] };
    const kind = await clientActor(setup.db);
    const rude = await clientActor(setup.db);
    const nice = await bookedOrder(kind, caregiver.id);
    const abusive = await bookedOrder(rude, caregiver.id);
    await leaveReview({
      actor: kind,
      orderNumber: nice.orderNumber,
      input: input(5, { comment: "Wonderful with my mother.", tags: ["kind", "skilled"] }),
    });
    await leaveReview({ actor: rude, orderNumber: abusive.orderNumber, input: input(1, { comment: "Abusive words" }) });

    const profile = await getPublicCaregiver({ slug: "iris-vega" });
    expect(profile).toMatchObject({ ratingAvg: 3, ratingCount: 2 });
    expect(profile!.reviews.total).toBe(2);
    // Newest first, the family as first name and last initial, no ids.
    expect(profile!.reviews.reviews.map((review) => review.comment)).toEqual([
      "Abusive words",
      "Wonderful with my mother.",
    ]);
    expect(profile!.reviews.reviews[1]).toMatchObject({
      rating: 5,
      tags: ["kind", "skilled"],
      reviewer: `${kind.firstName} ${kind.lastName.charAt(0).toUpperCase()}.`,
    });
    expect(JSON.stringify(profile)).not.toMatch(/"id"|"userId"|"orderId"|"clientId"/);
    expect(JSON.stringify(profile)).not.toContain(kind.lastName);

    const [row] = await setup.db.select().from(reviews).where(eq(reviews.orderId, abusive.orderId));
    const reviewId = row!.id;
    // Only admins, and only on the review's own caregiver.
    await expect(
      hideReview({ actor: { ...rude, roles: ["client"] }, caregiverId: caregiver.id, reviewId, reason: "Mine" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const otherCaregiver = await caregiverNear(setup.db);
    await expect(
      hideReview({ actor: admin, caregiverId: otherCaregiver.id, reviewId, reason: "Abusive language" }),
    ).rejects.toThrow("reviews:refusals.reviewNotFound");

    expect(await hideReview({ actor: admin, caregiverId: caregiver.id, reviewId, reason: "Abusive language" })).toEqual(
      { status: "hidden" },
    );
    await expect(hideReview({ actor: admin, caregiverId: caregiver.id, reviewId, reason: "Again" })).rejects.toThrow(
      "reviews:refusals.alreadyHidden",
    );
    const hidden = await getPublicCaregiver({ slug: "iris-vega" });
    expect(hidden!.reviews.reviews.map((review) => review.comment)).toEqual(["Wonderful with my mother."]);
    expect(hidden!.reviews.total).toBe(1);
    expect(hidden).toMatchObject({ ratingAvg: 3, ratingCount: 2 });
    const [event] = await setup.db
      .select({ userId: auditEvents.userId, metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "review_hidden"), eq(auditEvents.userId, admin.id)));
    expect(event).toMatchObject({
      userId: admin.id,
      metadata: { reviewId, caregiverId: caregiver.id, reason: "Abusive language" },
    });

    // The admin sees every review, the hidden one with who hid it and why.
    const forAdmin = await listCaregiverReviewsForAdmin({ actor: admin, caregiverId: caregiver.id });
    expect(forAdmin.find((review) => review.id === reviewId)?.hidden).toMatchObject({ reason: "Abusive language" });
    await expect(
      listCaregiverReviewsForAdmin({ actor: { ...kind, roles: ["client"] }, caregiverId: caregiver.id }),
    ).rejects.toMatchObject({ code: "forbidden" });
    // The family reads that its comment is hidden.
    expect((await getOrderFeedback({ actor: rude, orderNumber: abusive.orderNumber })).review?.isHidden).toBe(true);

    expect(await unhideReview({ actor: admin, caregiverId: caregiver.id, reviewId })).toEqual({ status: "shown" });
    expect((await getPublicCaregiver({ slug: "iris-vega" }))!.reviews.total).toBe(2);
    const shownEvents = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "review_unhidden"), eq(auditEvents.userId, admin.id)));
    expect(shownEvents).toHaveLength(1);
  });
});
