import { data } from "react-router";
import type { z } from "zod";
import { actorAs } from "~/platform/auth/actor";
import { blockedCaregiverStatus } from "~/platform/auth/guards.server";
import { requireRole, type CurrentUser } from "~/platform/auth/session.server";
import { listEarlierMessages } from "~/features/messaging/list-conversations.server";
import { markMessages } from "~/features/messaging/mark-messages.server";
import { MESSAGE_ERRORS, type MessageView, type SideMarks } from "~/features/messaging/message-rules";
import { sendMessage } from "~/features/messaging/send-message.server";
import type { Locale } from "~/i18n/config";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { AppError } from "~/utils/app-error";
import { refusalData } from "~/i18n/refusal-response";
import { getEnv } from "~/utils/env.server";
import { parseForm } from "~/utils/form-data.server";
import {
  EarlierMessagesSchema,
  MessagesApiSchema,
  type MessagingAreaSchema,
} from "~/features/messaging/messaging.schema";
import { MESSAGE_FORM_MAX_BYTES } from "~/routes/client/messages.server";
import type { Route } from "./+types/messages";

// The messages pages' calls (docs/architecture.md, "A message, from the
// composer to the other person's screen"): POST intent=send (from the page or
// later from the device's outbox), intent=delivered and intent=read (the
// marks); GET ?before= for "Load earlier messages". Each names the area the
// person acts in (`as`), which decides their side. Answers JSON:
// { ok: true, ... } or { ok: false, reason, message } with the refusal's
// status; the outbox keeps a message only on a 5xx or no answer.

export type MessagesAnswer =
  | { ok: true; message: MessageView; isRepeat: boolean }
  | { ok: true; side: "a" | "b"; marks: SideMarks }
  | { ok: true; messages: MessageView[]; hasEarlier: boolean }
  | { ok: false; reason: string; message: string; retryAt?: string };

/** The person acting in `area`: they must hold its role, and a blocked caregiver or an admin owing 2FA may not. */
function actorIn(user: CurrentUser, area: z.infer<typeof MessagingAreaSchema>) {
  const actor = actorAs(user, area);
  if (area === "caregiver" && blockedCaregiverStatus(user)) {
    throw new AppError("forbidden", "common:access.denied");
  }
  if (area === "admin" && getEnv().ADMIN_REQUIRE_2FA && !user.twoFactorEnabled) {
    throw new AppError("forbidden", "common:access.denied");
  }
  return actor;
}

function refusal(locale: Locale) {
  return (error: unknown) =>
    refusalData<MessagesAnswer>(error, locale, (appError) => ({
      ok: false,
      reason: appError.reason ?? appError.code,
      message: appError.text,
      ...(appError.retryAt ? { retryAt: appError.retryAt.toISOString() } : {}),
    }));
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole(request, ["client", "caregiver", "admin"]);
  const { locale } = getServerT(request, "messages", user.locale);
  const parsed = EarlierMessagesSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return data<MessagesAnswer>(
      { ok: false, reason: "invalid", message: messageText(locale, { key: MESSAGE_ERRORS.invalid }) },
      { status: 400 },
    );
  }
  try {
    const actor = actorIn(user, parsed.data.as);
    const page = await listEarlierMessages({ actor, conversationId: parsed.data.c, before: parsed.data.before });
    return data<MessagesAnswer>({ ok: true, ...page }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return refusal(locale)(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["client", "caregiver", "admin"]);
  const { locale } = getServerT(request, "messages", user.locale);
  const submission = await parseForm(request, MessagesApiSchema, { maxBytes: MESSAGE_FORM_MAX_BYTES });
  if (submission.status !== "success") {
    return data<MessagesAnswer>(
      { ok: false, reason: "invalid", message: messageText(locale, { key: MESSAGE_ERRORS.invalid }) },
      { status: 400 },
    );
  }
  const input = submission.value;
  try {
    const actor = actorIn(user, input.as);
    if (input.intent === "send") {
      const { conversationId, clientKey, body } = input;
      const result = await sendMessage({ actor, input: { conversationId, clientKey, body } });
      return data<MessagesAnswer>({ ok: true, ...result });
    }
    const result = await markMessages({
      actor,
      conversationId: input.conversationId,
      mark: input.intent,
      upTo: input.upTo,
    });
    return data<MessagesAnswer>({ ok: true, ...result });
  } catch (error) {
    return refusal(locale)(error);
  }
}
