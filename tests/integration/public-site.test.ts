import { and, eq } from "drizzle-orm";
import { DirectoryQuerySchema } from "~/features/caregivers/directory.schema";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, emailSends, newsletterSubscriptions, supportTickets } from "~/platform/db/schema";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import {
  getPublicCaregiver,
  listFeaturedCaregivers,
  listPublicCaregiverSlugs,
  searchCaregivers,
} from "~/features/caregivers/public-caregivers.server";
import { closeSupportTicket, listSupportTickets, submitContactMessage } from "~/features/support/contact.server";
import { SupportQuerySchema } from "~/features/support/support.schema";
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  unsubscribeToken,
} from "~/features/support/newsletter.server";
import { SUPPORT_RATE_LIMIT } from "~/features/support/support.schema";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

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
    expect(unknown.zipError).toEqual({ key: "public:providers.zipUnknown" });
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

const contact = (email: string, overrides: Partial<{ name: string; message: string }> = {}) => ({
  name: overrides.name ?? "Rosa",
  email,
  topic: "care" as const,
  message: overrides.message ?? "Help for my father, please.",
});
const mailsTo = async (email: string) => (await deliveredOutbox()).filter((mail) => mail.to === email);

describe("support tickets", () => {
  test("a message is stored and visible to admins only; closing it is audited", async () => {
    const sent = await submitContactMessage({ input: contact("stored@example.com"), ipAddress: "203.0.113.1" });
    expect(sent.status).toBe("sent");
    const { id: adminId } = await createUser(ctx.db, { roles: ["admin"] });
    const admin = { id: adminId, roles: ["admin" as const] };
    const open = await listSupportTickets({ actor: admin, query: SupportQuerySchema.parse({ q: "stored@" }) });
    const ticket = open.rows.find((row) => row.email === "stored@example.com");
    expect(ticket).toMatchObject({ name: "Rosa", topic: "care", message: "Help for my father, please." });
    await expect(
      listSupportTickets({ actor: { roles: ["client"] }, query: SupportQuerySchema.parse({}) }),
    ).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await closeSupportTicket({ actor: admin, ticketId: ticket!.id });
    const [closed] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticket!.id));
    expect(closed?.status).toBe("closed");
    const events = await ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, adminId));
    expect(events.map((event) => [event.eventType, event.metadata])).toEqual([
      ["support_ticket_closed", { ticketId: ticket!.id }],
    ]);
    // Closing it again changes nothing and writes nothing.
    await closeSupportTicket({ actor: admin, ticketId: ticket!.id });
    expect(await ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, adminId))).toHaveLength(1);
  });

  test("the confirmation is a fixed text that quotes nothing the sender wrote", async () => {
    const email = "target@example.com";
    const typed = {
      name: "Your bank https://evil.example/name",
      message: "Your account is locked. Sign in at https://evil.example/login to keep it.",
    };
    await submitContactMessage({ input: contact(email, typed), ipAddress: "203.0.113.2" });
    const [mail, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("We received your message");
    expect(mail!.text).toContain("We received your message and will reply within one business day.");
    expect(mail!.text).toContain(ctx.env.SUPPORT_EMAIL);
    expect(mail!.text).toContain(ctx.env.SUPPORT_PHONE);
    for (const body of [mail!.text, mail!.html]) {
      for (const fragment of ["evil.example", "Your bank", "locked", "Arranging care", "Rosa"]) {
        expect(body).not.toContain(fragment);
      }
    }
  });

  test("one confirmation a day per address: a second message is stored without one", async () => {
    const email = "twice@example.com";
    expect((await submitContactMessage({ input: contact(email), ipAddress: "203.0.113.3" })).status).toBe("sent");
    expect((await submitContactMessage({ input: contact(email), ipAddress: "203.0.113.4" })).status).toBe("sent");
    expect(await mailsTo(email)).toHaveLength(1);
    const stored = await ctx.db.select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(stored).toHaveLength(2);

    // Counted in the database: a confirmation from a day ago no longer holds the next one back.
    await ctx.db
      .update(emailSends)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000) })
      .where(and(eq(emailSends.email, email), eq(emailSends.kind, "contact-confirmation")));
    await submitContactMessage({ input: contact(email), ipAddress: "203.0.113.5" });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  test("limited per client address, counted in the database", async () => {
    const address = "203.0.113.7";
    // Four messages earlier in the hour, as another server process would have stored them.
    await ctx.db.insert(supportTickets).values(
      [50, 40, 30, 20].map((minutes, n) => ({
        ...contact(`earlier-${n}@example.com`),
        ipAddress: address,
        createdAt: new Date(Date.now() - minutes * 60_000),
      })),
    );
    expect((await submitContactMessage({ input: contact("fifth@example.com"), ipAddress: address })).status).toBe(
      "sent",
    );
    expect(await submitContactMessage({ input: contact("sixth@example.com"), ipAddress: address })).toEqual({
      status: "limited",
    });
    expect(await mailsTo("sixth@example.com")).toEqual([]);
    expect((await submitContactMessage({ input: contact("sixth@example.com"), ipAddress: "203.0.113.8" })).status).toBe(
      "sent",
    );
  });

  test("limited per email address, whatever the client address", async () => {
    const email = "flooded@example.com";
    for (let n = 0; n < SUPPORT_RATE_LIMIT.perEmailPerHour; n++) {
      expect((await submitContactMessage({ input: contact(email), ipAddress: `198.51.100.${n + 10}` })).status).toBe(
        "sent",
      );
    }
    expect(await submitContactMessage({ input: contact(email), ipAddress: "198.51.100.99" })).toEqual({
      status: "limited",
    });
    const stored = await ctx.db.select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(stored).toHaveLength(SUPPORT_RATE_LIMIT.perEmailPerHour);
    expect(await mailsTo(email)).toHaveLength(1);
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

    const mail = (await deliveredOutbox()).find((entry) => entry.to === email)!;
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
