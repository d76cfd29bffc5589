import { getEnv } from "~/utils/env.server";
import { loadLocalVapidKeys } from "~/utils/local-secrets.server";

// The server's VAPID identity for web push (docs/product-rules.md,
// "Notification delivery"): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or with
// the embedded database (one machine, the local default) a pair generated once
// into DATA_DIR. A deployment on an external database without the keys has no
// web push: several machines would each make their own pair, and a browser's
// subscription holds only one.

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

const holder = globalThis as typeof globalThis & {
  __tendlyVapid?: { env: object; details: Promise<VapidDetails | null> };
};

async function resolveVapid(): Promise<VapidDetails | null> {
  const env = getEnv();
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { subject, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (!env.isEmbeddedDatabase) return null;
  return { subject, ...(await loadLocalVapidKeys(env.DATA_DIR)) };
}

/** The VAPID keys and subject, or null when web push is not set up. */
export function loadVapidDetails(): Promise<VapidDetails | null> {
  const env = getEnv();
  // Once per configuration (tests switch it).
  if (holder.__tendlyVapid?.env !== env) {
    const details = resolveVapid();
    holder.__tendlyVapid = { env, details };
    // A failed read is tried again next time.
    details.catch(() => {
      if (holder.__tendlyVapid?.details === details) holder.__tendlyVapid = undefined;
    });
  }
  return holder.__tendlyVapid!.details;
}

/** The key browsers subscribe with (applicationServerKey), or null without web push. */
export async function loadPushPublicKey(): Promise<string | null> {
  return (await loadVapidDetails())?.publicKey ?? null;
}
