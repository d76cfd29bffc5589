import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { NOTIFICATION_TYPES, type NotificationType } from "~/utils/notifications";
import { CHANNELS, isChannelOffered, type Channel, type DeliveryPreferences } from "./preferences";
import { isKnownTimeZone } from "~/utils/intl-dates";

// The forms of the notification settings (docs/product-rules.md, "Notification
// delivery"): one schema each, checked by the form before sending and again by
// the action. Error messages are message keys of the `delivery` namespace.

/** A checkbox's name in the preferences form: "order.email". */
export function preferenceFieldName(type: NotificationType, channel: Channel): string {
  return `${type}.${channel}`;
}

const ChannelChoiceSchema = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean(), sms: z.boolean() });

export const DeliveryPreferencesSchema = z.object({
  order: ChannelChoiceSchema,
  payment: ChannelChoiceSchema,
  caregiver: ChannelChoiceSchema,
  schedule: ChannelChoiceSchema,
  message: ChannelChoiceSchema,
  system: ChannelChoiceSchema,
}) satisfies z.ZodType<DeliveryPreferences>;

/** A type's row of checkboxes as posted ("order.email" arrives as `order: { email: "on" }`): a ticked box sends "on". */
const ChannelBoxesSchema = z
  .object({
    inApp: z.string().optional(),
    email: z.string().optional(),
    push: z.string().optional(),
    sms: z.string().optional(),
  })
  .optional();

/** The preferences form: one checkbox per type and channel, an absent box being off. */
export const DeliveryPreferencesFormSchema = z.object({
  intent: z.literal("delivery-preferences"),
  order: ChannelBoxesSchema,
  payment: ChannelBoxesSchema,
  caregiver: ChannelBoxesSchema,
  schedule: ChannelBoxesSchema,
  message: ChannelBoxesSchema,
  system: ChannelBoxesSchema,
});
type PostedBoxes = Partial<Record<NotificationType, Partial<Record<Channel, string>> | undefined>>;

/** The preferences a submitted form holds: a ticked box is on, an absent one off (texts only where offered). */
export function preferencesFromForm(boxes: PostedBoxes): DeliveryPreferences {
  return DeliveryPreferencesSchema.parse(
    Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        Object.fromEntries(
          CHANNELS.map((channel) => [channel, isChannelOffered(type, channel) && boxes[type]?.[channel] === "on"]),
        ),
      ]),
    ),
  );
}

/** What the notification settings' action answers (settings page): an invalid form brings its reply. */
export type DeliveryActionResult =
  | { intent: "delivery-preferences"; ok: true }
  | { intent: "quiet-hours"; ok: true; isQuietOn: boolean }
  | { intent: "sms-send-code"; ok: true; phone: string }
  | { intent: "sms-verify" | "sms-remove"; ok: true }
  | {
      intent: "delivery-preferences" | "quiet-hours" | SmsIntent;
      ok: false;
      status: "invalid";
      result: SubmissionResult<string[]>;
    };

/** The text-message forms (docs/decisions/0049-text-messages.md): send a code, type it back, remove the number. */
export const SMS_INTENTS = ["sms-send-code", "sms-verify", "sms-remove"] as const;
export type SmsIntent = (typeof SMS_INTENTS)[number];

export const SmsSendCodeFormSchema = z.object({
  intent: z.literal("sms-send-code"),
  phone: z
    .string(messageKey("delivery:sms.errors.invalidPhone"))
    .trim()
    .min(10, messageKey("delivery:sms.errors.invalidPhone"))
    .max(25, messageKey("delivery:sms.errors.invalidPhone")),
});
export const SmsVerifyFormSchema = z.object({
  intent: z.literal("sms-verify"),
  code: z
    .string(messageKey("delivery:sms.errors.codeFormat"))
    .trim()
    .regex(/^\d{6}$/, messageKey("delivery:sms.errors.codeFormat")),
});
export const SmsRemoveFormSchema = z.object({ intent: z.literal("sms-remove") });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const TimeZoneSchema = z.string().trim().max(64).refine(isKnownTimeZone, messageKey("delivery:errors.timeZone"));

export const QuietHoursSchema = z
  .discriminatedUnion("quietHours", [
    z.object({ quietHours: z.literal("off"), timeZone: TimeZoneSchema }),
    z.object({
      quietHours: z.literal("on"),
      start: z.string().regex(TIME, messageKey("delivery:errors.time")),
      end: z.string().regex(TIME, messageKey("delivery:errors.time")),
      timeZone: TimeZoneSchema,
    }),
  ])
  .refine((value) => value.quietHours === "off" || value.start !== value.end, {
    message: messageKey("delivery:errors.sameTimes"),
    path: ["end"],
  });
export type QuietHoursInput = z.infer<typeof QuietHoursSchema>;

/**
 * The unsubscribe page's button (docs/product-rules.md, "Notification delivery"): the link's
 * parameters as hidden fields. A mail client's one-click POST (RFC 8058) sends none of them, so
 * each may be absent and the link's address gives it; the feature checks the link itself.
 */
export const UnsubscribeFormSchema = z.object({
  u: z.string().optional(),
  t: z.string().optional(),
  type: z.string().optional(),
});

type PostedQuietHours = { quietHours?: string; start?: string; end?: string; timeZone?: string };

/** The quiet-hours form's fields checked; a missing zone (no script to read the browser's) is UTC. */
export function quietHoursFromForm(fields: PostedQuietHours) {
  return QuietHoursSchema.safeParse({
    quietHours: fields.quietHours === "on" ? "on" : "off",
    start: fields.start ?? "",
    end: fields.end ?? "",
    timeZone: fields.timeZone || "UTC",
  });
}

/** The quiet-hours form as posted, its fields checked by QuietHoursSchema (the form's intent a hidden field). */
export const QuietHoursFormSchema = z
  .object({
    intent: z.literal("quiet-hours"),
    quietHours: z.string().optional(),
    start: z.string().optional(),
    end: z.string().optional(),
    timeZone: z.string().optional(),
  })
  .superRefine((fields, context) => {
    const parsed = quietHoursFromForm(fields);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

/** Every notification form of a settings page, by its intent. */
export const DeliveryFormSchema = z.discriminatedUnion("intent", [
  DeliveryPreferencesFormSchema,
  QuietHoursFormSchema,
  SmsSendCodeFormSchema,
  SmsVerifyFormSchema,
  SmsRemoveFormSchema,
]);

/**
 * The push services of the browsers people use. A subscription's endpoint is
 * an address the server will post to, so it must be one of these (https), never
 * an address inside our network; plain http to this machine is allowed only
 * outside production, for tests with a local push service.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Samsung Internet, Opera
  "android.googleapis.com",
  "updates.push.services.mozilla.com", // Firefox
  "push.services.mozilla.com",
  "web.push.apple.com", // Safari
  "notify.windows.com", // Edge on Windows (wns2-*.notify.windows.com)
] as const;

export function isAllowedPushEndpoint(endpoint: string, options: { allowLoopbackHttp: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "http:")
    return options.allowLoopbackHttp && (url.hostname === "127.0.0.1" || url.hostname === "localhost");
  if (url.protocol !== "https:" || url.port) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((service) => host === service || host.endsWith(`.${service}`));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser's PushSubscription as the settings screen sends it. */
export function pushSubscriptionSchema(options: { allowLoopbackHttp: boolean }) {
  return z.object({
    endpoint: z
      .string()
      .max(2048)
      .refine((endpoint) => isAllowedPushEndpoint(endpoint, options), "errors.pushEndpoint"),
    // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    p256dh: z.string().min(80).max(100).regex(BASE64URL, "errors.pushKeys"),
    auth: z.string().min(16).max(32).regex(BASE64URL, "errors.pushKeys"),
  });
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;
