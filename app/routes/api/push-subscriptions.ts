import { z } from "zod";
import { data } from "react-router";
import { requireUser } from "~/platform/auth/session.server";
import {
  pushSubscriptionSchemaForServer,
  removePushSubscription,
  savePushSubscription,
} from "~/features/notifications/push-subscriptions.server";
import { loadPushPublicKey } from "~/features/notifications/vapid.server";
import { getServerT } from "~/i18n/i18n.server";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/push-subscriptions";

// The signed-in person's web push subscriptions (docs/product-rules.md,
// "Notification delivery"). GET: the server's VAPID public key (null when web
// push is not set up). POST intent=subscribe: keeps this browser's
// subscription (endpoint, p256dh, auth); POST intent=unsubscribe, or DELETE:
// forgets it.

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return data({ publicKey: await loadPushPublicKey() }, { headers: NO_STORE });
}

// What the browser's push settings post (or send with DELETE); the subscription's own rules are
// checked by the feature's schema once the intent is known.
const PushRequestSchema = z.object({
  intent: z.string().optional(),
  endpoint: z.string().optional(),
  p256dh: z.string().optional(),
  auth: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { t } = getServerT(request, "delivery", user.locale);
  const submission = await parseForm(request, PushRequestSchema);
  if (submission.status !== "success")
    return data({ ok: false, error: t("errors.unknownAction") }, { status: 400, headers: NO_STORE });
  const form = submission.value;
  const intent = request.method === "DELETE" ? "unsubscribe" : (form.intent ?? "subscribe");
  const endpoint = form.endpoint ?? "";
  if (intent === "unsubscribe") {
    if (!endpoint) return data({ ok: false, error: t("errors.pushEndpoint") }, { status: 400, headers: NO_STORE });
    await removePushSubscription({ actor: user, endpoint });
    return data({ ok: true }, { headers: NO_STORE });
  }
  if (intent !== "subscribe" || request.method !== "POST")
    return data({ ok: false, error: t("errors.unknownAction") }, { status: 400, headers: NO_STORE });
  if (!(await loadPushPublicKey()))
    return data({ ok: false, error: t("push.hints.unavailable") }, { status: 409, headers: NO_STORE });
  const parsed = pushSubscriptionSchemaForServer().safeParse({
    endpoint,
    p256dh: form.p256dh,
    auth: form.auth,
  });
  if (!parsed.success)
    return data({ ok: false, error: t(parsed.error.issues[0]!.message) }, { status: 400, headers: NO_STORE });
  await savePushSubscription({ actor: user, subscription: parsed.data, userAgent: request.headers.get("user-agent") });
  return data({ ok: true }, { headers: NO_STORE });
}
