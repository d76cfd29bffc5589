import { eq } from "drizzle-orm";
import { DirectoryQuerySchema } from "~/features/caregivers/directory.schema";
import { beforeAll, describe, expect, test } from "vitest";
import { newsletterSubscriptions, supportTickets } from "~/db/schema";
import { createCaregiver } from "~/db/seed/factories.server";
import { listOutbox } from "~/email/mailer.server";
import {
  getPublicCaregiver,
  listFeaturedCaregivers,
  listPublicCaregiverSlugs,
  searchCaregivers,
} from "~/features/caregivers/public-caregivers.server";
import { closeSupportTicket, listSupportTickets, submitContactMessage } from "~/features/support/contact.server";
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  unsubscribeToken,
} from "~/features/support/newsletter.server";
import { useAuthTestSetup } from "./auth-env";

// The public site's feature functions against a real database: what the
// directory shows (approved caregivers only, filters, distance), support
// tickets and the newsletter's double opt-in.

const ctx = useAuthTestSetup();
const query = (input: Record<string, string> = {}) => DirectoryQuerySchema.parse(input);

beforeAll(async () => {
  await createCaregiver(ctx.db, {
    firstName: "Ana",
    lastName: "Lopez",
    slug: "ana-lopez",
    zipCode: "60614",
    languages: ["en", "es"],
    services: ["personal-care", "companionship"],
    ratingAvg: 4.8,
    ratingCount: 12,
  });
  await createCaregiver(ctx.db, {
    firstName: "Ben",
    lastName: "Stone",
    slug: "ben-stone",
    zipCode: "60657",
    languages: ["en"],
    services: ["transportation"],
    ratingAvg: 4.95,
    ratingCount: 40,
  });
  await createCaregiver(ctx.db, {
    firstName: "Cara",
    lastName: "Diaz",
    slug: "cara-diaz",
    zipCode: "85003",
    languages: ["es"],
    services: ["companionship"],
    ratingAvg: null,
    ratingCount: 0,
  });
  await createCaregiver(ctx.db, {
    firstName: "Dan",
    lastName: "Pending",
    slug: "dan-pending",
    status: "pending",
    ratingAvg: 5,
    ratingCount: 3,
  });
  await createCaregiver(ctx.db, {
    firstName: "Eve",
    lastName: "Suspended",
    slug: "eve-suspended",
    status: "suspended",
    ratingAvg: 5,
    ratingCount: 9,
  });
});

describe("the public directory", () => {
  test("shows approved caregivers only, best rated first, unrated last", async () => {
    const result = await searchCaregivers(query());
    expect(result.caregivers.map((c) => c.slug)).toEqual(["ben-stone", "ana-lopez", "cara-diaz"]);
    expect(result.total).toBe(3);
    expect((await listFeaturedCaregivers({ limit: 2 })).map((c) => c.slug)).toEqual(["ben-stone", "ana-lopez"]);
    expect((await listPublicCaregiverSlugs()).map((c) => c.slug)).toEqual(["ana-lopez", "ben-stone", "cara-diaz"]);
  });

  test("filters by service and language", async () => {
    const spanishCompanions = await searchCaregivers(query({ service: "companionship", language: "es" }));
    expect(spanishCompanions.caregivers.map((c) => c.slug)).toEqual(["ana-lopez", "cara-diaz"]);
  });

  test("filters by distance from a ZIP code and sorts by distance", async () => {
    const nearLincolnPark = await searchCaregivers(query({ zip: "60614", miles: "10", sort: "distance" }));
    expect(nearLincolnPark.caregivers.map((c) => c.slug)).toEqual(["ana-lopez", "ben-stone"]);
    expect(nearLincolnPark.caregivers[0]!.distanceMiles).toBe(0);
    expect(nearLincolnPark.caregivers[1]!.distanceMiles).toBeGreaterThan(0);
    expect(nearLincolnPark.origin).toEqual({ zip: "60614", city: "Chicago", state: "IL" });
    const unknown = await searchCaregivers(query({ zip: "00000" }));
    expect(unknown.zipError).toMatch(/don't know that ZIP code/);
  });

  test("a profile shows the first name and last initial, never the surname or phone", async () => {
    const profile = await getPublicCaregiver({ slug: "ana-lopez" });
    expect(profile).toMatchObject({ name: "Ana L.", initials: "AL", city: "Chicago", state: "IL", ratingAvg: 4.8 });
    expect(JSON.stringify(profile)).not.toMatch(/Lopez|555|60614/);
    for (const slug of ["dan-pending", "eve-suspended", "nobody", "profile", "settings"]) {
      expect(await getPublicCaregiver({ slug })).toBeNull();
    }
  });
});

describe("support tickets", () => {
  test("a message is stored, copied to the sender, limited per address and visible to admins only", async () => {
    const input = {
      name: "Rosa",
      email: "rosa@example.com",
      topic: "care" as const,
      message: "Help for my father, please.",
    };
    const sent = await submitContactMessage({ input, ipAddress: "203.0.113.7" });
    expect(sent.status).toBe("sent");
    const outbox = await listOutbox();
    expect(outbox.find((mail) => mail.to === "rosa@example.com")?.subject).toBe("We received your message");

    for (let n = 0; n < 4; n++) await submitContactMessage({ input, ipAddress: "203.0.113.7" });
    expect(await submitContactMessage({ input, ipAddress: "203.0.113.7" })).toEqual({ status: "limited" });
    expect((await submitContactMessage({ input, ipAddress: "203.0.113.8" })).status).toBe("sent");

    const admin = { roles: ["admin" as const] };
    const open = await listSupportTickets({ actor: admin, status: "open" });
    expect(open).toHaveLength(6);
    await expect(listSupportTickets({ actor: { roles: ["client"] }, status: "open" })).rejects.toMatchObject({
      status: 403,
    });
    await closeSupportTicket({ actor: admin, ticketId: open[0]!.id });
    const [closed] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, open[0]!.id));
    expect(closed?.status).toBe("closed");
  });
});

describe("newsletter", () => {
  test("double opt-in: pending until confirmed, the link works once, unsubscribe needs the signed link", async () => {
    const email = "reader@example.com";
    expect(await subscribeToNewsletter({ email, ipAddress: "198.51.100.1" })).toEqual({ status: "sent" });
    const [pending] = await ctx.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(pending?.status).toBe("pending");

    const mail = (await listOutbox()).find((entry) => entry.to === email)!;
    const token = new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)![0]).searchParams.get(
      "token",
    )!;
    expect(await confirmNewsletter({ token })).toEqual({ email });
    expect(await confirmNewsletter({ token })).toBeNull();
    expect(await subscribeToNewsletter({ email, ipAddress: "198.51.100.1" })).toEqual({ status: "already-subscribed" });

    expect(await unsubscribeFromNewsletter({ email, token: "forged" })).toBe(false);
    expect(await unsubscribeFromNewsletter({ email, token: unsubscribeToken(email) })).toBe(true);
    const [gone] = await ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(gone?.status).toBe("unsubscribed");
  });
});
