import { and, count, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { onceForKey } from "~/platform/db/idempotency.server";
import { countRows, orderByList, pageOfRows, type ListPage } from "~/platform/db/list-page.server";
import { emailSends, supportTickets } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { contactConfirmationEmail } from "~/platform/email/templates/support-emails";
import type { Locale } from "~/i18n/config";
import { AppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import { likePattern } from "~/utils/list-params";
import { SUPPORT_RATE_LIMIT, type ContactInput, type SupportQuery } from "./support.schema";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type ContactResult = { status: "sent"; ticketId: string } | { status: "limited" };

/**
 * Stores a contact-page message as a support ticket and tells the sender we
 * have it. Limits, counted in the database so that they hold across server
 * processes: SUPPORT_RATE_LIMIT.perHour messages an hour per client address
 * and per email address. The confirmation is a fixed text that quotes nothing
 * the sender wrote (else anyone could send any text to any address through
 * us), and goes to one address at most once a day: later messages that day
 * are stored without it. The confirmation is written in `locale`, the
 * language the sender used the site in (English when not given).
 */
export async function submitContactMessage({
  input,
  ipAddress,
  locale,
  idempotencyKey,
}: {
  input: ContactInput;
  ipAddress: string | null;
  locale?: Locale;
  /**
   * The form's key (docs/decisions/0019-idempotency-keys.md): a repeat stores no second
   * ticket and sends no second email. Bound to the sender's address, since the form is
   * open to everyone: another address cannot use it.
   */
  idempotencyKey?: string;
}): Promise<ContactResult> {
  const email = input.email.toLowerCase();
  const hourAgo = new Date(Date.now() - HOUR_MS);
  const idem = idempotencyKey ? { scope: "contact", key: idempotencyKey, owner: `email:${email}` } : undefined;
  // A limited message stored nothing: its key is given back (keep), so that it can be sent later.
  const { value: outcome } = await onceForKey(
    idem,
    async (tx): Promise<{ ticketId: string } | null> => {
      // Concurrent messages from one address or to one email wait for each other here,
      // so that each counts the others (in every process).
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE.email}::int, hashtext(${email}))`);
      if (ipAddress)
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE.address}::int, hashtext(${ipAddress}))`);
      const recent = (condition: SQL | undefined) =>
        tx
          .select({ n: count() })
          .from(supportTickets)
          .where(and(condition, gte(supportTickets.createdAt, hourAgo)))
          .then(([row]) => row?.n ?? 0);
      if (ipAddress && (await recent(eq(supportTickets.ipAddress, ipAddress))) >= SUPPORT_RATE_LIMIT.perHour)
        return null;
      if ((await recent(eq(supportTickets.email, email))) >= SUPPORT_RATE_LIMIT.perEmailPerHour) return null;

      const [ticket] = await tx
        .insert(supportTickets)
        .values({ ...input, email, ipAddress })
        .returning({ id: supportTickets.id });
      await publishAdminAttention(tx, "tickets");
      const [confirmed] = await tx
        .select({ id: emailSends.id })
        .from(emailSends)
        .where(
          and(
            eq(emailSends.email, email),
            eq(emailSends.kind, "contact-confirmation"),
            gte(emailSends.createdAt, new Date(Date.now() - DAY_MS)),
          ),
        )
        .limit(1);
      if (!confirmed) {
        await tx.insert(emailSends).values({ email, kind: "contact-confirmation", ipAddress });
        const { SUPPORT_EMAIL, SUPPORT_PHONE } = getEnv();
        await sendEmail(
          {
            to: email,
            ...contactConfirmationEmail({ supportEmail: SUPPORT_EMAIL, supportPhone: SUPPORT_PHONE, locale }),
          },
          tx,
        );
      }
      return { ticketId: ticket!.id };
    },
    { keep: (value) => value !== null },
  );
  // The confirmation was queued in the transaction: its NOTIFY woke the job runners at the commit.
  if (!outcome) return { status: "limited" };
  return { status: "sent", ticketId: outcome.ticketId };
}

/** First keys of the advisory locks taken above (any constant pair unused elsewhere). */
const LOCK_SPACE = { email: 7311, address: 7312 } as const;

function assertAdmin(actor: Pick<CurrentUser, "roles">) {
  if (!actor.roles.includes("admin")) throw new AppError("forbidden", { key: "admin:refusals.onlyAdminsSupport" });
}

export type SupportTicketRow = typeof supportTickets.$inferSelect;

/** The tickets of one status: the list's condition and the admin home's count. */
const ticketCondition = (status: "open" | "closed") => eq(supportTickets.status, status);

/** How many tickets are in one status (the list shows them a page at a time). */
export function countSupportTickets({
  actor,
  status,
}: {
  actor: Pick<CurrentUser, "roles">;
  status: "open" | "closed";
}): SQL {
  assertAdmin(actor);
  return sql`(${db.select({ total: count() }).from(supportTickets).where(ticketCondition(status))})`;
}

/** One page of the support tickets for administrators (newest first unless sorted), searched, with the count. */
export async function listSupportTickets({
  actor,
  query,
}: {
  actor: Pick<CurrentUser, "roles">;
  query: Pick<SupportQuery, "status" | "topic" | "q" | "sort" | "dir" | "page" | "perPage">;
}): Promise<ListPage<SupportTicketRow>> {
  assertAdmin(actor);
  const pattern = likePattern(query.q);
  const tickets = db
    .select()
    .from(supportTickets)
    .where(
      and(
        ticketCondition(query.status),
        query.topic ? eq(supportTickets.topic, query.topic) : undefined,
        query.q
          ? or(
              ilike(supportTickets.name, pattern),
              ilike(supportTickets.email, pattern),
              ilike(supportTickets.message, pattern),
            )
          : undefined,
      ),
    );
  const sortColumn =
    query.sort === "name"
      ? sql`lower(${supportTickets.name})`
      : query.sort === "topic"
        ? supportTickets.topic
        : supportTickets.createdAt;
  return pageOfRows({
    page: query.page,
    perPage: query.perPage,
    count: () => countRows(tickets),
    rows: (limit, offset) =>
      tickets
        .orderBy(...orderByList(sortColumn, query.dir, supportTickets.id))
        .limit(limit)
        .offset(offset),
  });
}

/** An admin closes an open ticket; written to the audit log like every admin action. */
export async function closeSupportTicket({
  actor,
  ticketId,
  request,
}: {
  actor: Pick<CurrentUser, "id" | "roles">;
  ticketId: string;
  request?: Request;
}) {
  assertAdmin(actor);
  const closed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(supportTickets)
      .set({ status: "closed", closedAt: new Date() })
      .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.status, "open")))
      .returning({ id: supportTickets.id });
    // Another administrator's home counts the open ones.
    if (rows.length > 0) await publishAdminAttention(tx, "tickets");
    return rows;
  });
  if (closed.length === 0) return;
  await recordSecurityEvent({
    type: "support_ticket_closed",
    userId: actor.id,
    category: "admin",
    request,
    metadata: { ticketId },
  });
}
