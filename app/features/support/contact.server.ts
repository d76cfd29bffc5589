import { and, count, desc, eq, gte } from "drizzle-orm";
import type { CurrentUser } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { supportTickets } from "~/db/schema";
import { sendEmail } from "~/email/mailer.server";
import { contactConfirmationEmail } from "~/email/templates/support-emails";
import { checkEmailAllowance, recordEmailSend } from "~/features/accounts/email-limits.server";
import { SUPPORT_RATE_LIMIT, topicLabel, type ContactInput } from "./support.schema";

const HOUR_MS = 60 * 60 * 1000;

export type ContactResult = { status: "sent"; ticketId: string } | { status: "limited" };

/**
 * Stores a contact-page message as a support ticket and emails the sender a
 * copy. At most SUPPORT_RATE_LIMIT.perHour messages per client address an
 * hour; the copy is skipped (the ticket still stored) when that address has
 * had too many emails from us lately, so nobody can flood an inbox through us.
 */
export async function submitContactMessage({
  input,
  ipAddress,
}: {
  input: ContactInput;
  ipAddress: string | null;
}): Promise<ContactResult> {
  if (ipAddress) {
    const [recent] = await db
      .select({ n: count() })
      .from(supportTickets)
      .where(
        and(eq(supportTickets.ipAddress, ipAddress), gte(supportTickets.createdAt, new Date(Date.now() - HOUR_MS))),
      );
    if ((recent?.n ?? 0) >= SUPPORT_RATE_LIMIT.perHour) return { status: "limited" };
  }
  const [ticket] = await db
    .insert(supportTickets)
    .values({ ...input, ipAddress })
    .returning({ id: supportTickets.id });
  const allowance = await checkEmailAllowance(input.email, "contact-confirmation");
  if (allowance.allowed) {
    await recordEmailSend(input.email, "contact-confirmation", ipAddress);
    await sendEmail({
      to: input.email,
      ...contactConfirmationEmail({ name: input.name, topic: topicLabel(input.topic), message: input.message }),
    });
  }
  return { status: "sent", ticketId: ticket!.id };
}

function assertAdmin(actor: Pick<CurrentUser, "roles">) {
  if (!actor.roles.includes("admin")) throw new Response("Forbidden", { status: 403 });
}

export type SupportTicketRow = typeof supportTickets.$inferSelect;

/** Support tickets for administrators, newest first. */
export async function listSupportTickets({
  actor,
  status,
}: {
  actor: Pick<CurrentUser, "roles">;
  status: "open" | "closed";
}): Promise<SupportTicketRow[]> {
  assertAdmin(actor);
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.status, status))
    .orderBy(desc(supportTickets.createdAt))
    .limit(200);
}

export async function closeSupportTicket({ actor, ticketId }: { actor: Pick<CurrentUser, "roles">; ticketId: string }) {
  assertAdmin(actor);
  await db
    .update(supportTickets)
    .set({ status: "closed", closedAt: new Date() })
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.status, "open")));
}
