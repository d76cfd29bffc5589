import { AsyncLocalStorage } from "node:async_hooks";
import { getCurrentDBAdapterAsyncLocalStorage } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { getDb, type Database, type Executor, type Tx } from "~/platform/db/client.server";
import { accounts, authRateLimits, sessions, twoFactors, userProfiles, verifications } from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { confirmNewEmailEmail, resetPasswordEmail, verifyEmailEmail } from "~/platform/email/templates/auth-emails";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { getEnv } from "~/utils/env.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

import { createAuthLog } from "./auth-log.server";
import { CLIENT_IP_HEADER } from "./client-address";

export { CLIENT_IP_HEADER };

/** The language of the page a signed-out request came from, for the emails it sends (withPageLocale). */
const pageLocale = new AsyncLocalStorage<Locale>();

/**
 * Runs `work` so that the auth emails it sends are in `locale`: the language of the page a
 * signed-out request (a password reset, a resent verification link) came from, which is the
 * language the person is using now (docs/product-rules.md, "Languages").
 */
export function withPageLocale<T>(locale: Locale, work: () => Promise<T>): Promise<T> {
  return pageLocale.run(locale, work);
}

/**
 * Emails go out in the language of the page that asked for them (withPageLocale), else the one
 * stored on the account (user_profiles.locale), else English.
 */
function emailLocale(user: object): Locale {
  const fromPage = pageLocale.getStore();
  if (fromPage) return fromPage;
  // better-auth passes the stored row, additional fields included, typed without them.
  const { locale } = user as { locale?: unknown };
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** How better-auth's models map onto our tables (the drizzle adapter's configuration). */
const ADAPTER_CONFIG = {
  provider: "pg",
  schema: {
    user: userProfiles,
    session: sessions,
    account: accounts,
    verification: verifications,
    twoFactor: twoFactors,
    rateLimit: authRateLimits,
  },
} as const;

/** The transaction of withAuthTransaction, for the emails better-auth asks us to send inside it. */
const emailTransaction = new AsyncLocalStorage<Executor>();

/**
 * Runs `work` (calls of getAuth().api) inside our transaction `tx`: what
 * better-auth writes (a user, its credentials) commits or rolls back with the
 * rows we write beside it (docs/decisions/0021-registration-in-one-transaction.md).
 * better-auth runs its own transactions the same way: an adapter bound to the
 * transaction in its AsyncLocalStorage, with the work it would do after the
 * commit (the verification email) queued. That work is done here, before our
 * commit, and the email's job is queued in `tx`, so a crash at any moment
 * leaves either everything or nothing.
 */
export async function withAuthTransaction<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const context = await getAuth().$context;
  const adapter = drizzleAdapter(tx, ADAPTER_CONFIG)(context.options);
  const storage = await getCurrentDBAdapterAsyncLocalStorage();
  const pendingHooks: Array<() => Promise<void>> = [];
  return emailTransaction.run(tx, () =>
    storage.run({ adapter, pendingHooks, isTransactionActive: true }, async () => {
      const result = await work();
      for (const hook of pendingHooks.splice(0)) await hook();
      return result;
    }),
  );
}

const EIGHT_HOURS = 8 * 60 * 60;
const THIRTY_MINUTES = 30 * 60;

function createAuth(secret: string) {
  const env = getEnv();
  return betterAuth({
    appName: "Tendly",
    baseURL: env.appUrl,
    secret,
    trustedOrigins: [env.appUrl],
    database: drizzleAdapter(getDb(), ADAPTER_CONFIG),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await sendEmail({ to: user.email, ...resetPasswordEmail({ name: user.name, url, locale: emailLocale(user) }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // The link opens our /verify-email page, which shows the "verifying" view
      // and confirms with a POST: a mail scanner's GET does not use the token.
      // An email change sends the same kind of link to the new address; the
      // account is already verified then, which tells the two apart.
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${env.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
        const template = user.emailVerified ? confirmNewEmailEmail : verifyEmailEmail;
        // Inside withAuthTransaction (a registration), queued with the new account's rows.
        await sendEmail(
          { to: user.email, ...template({ name: user.name, url, locale: emailLocale(user) }) },
          emailTransaction.getStore(),
        );
      },
    },
    session: {
      // Sessions last 8 hours, refreshed within 30 minutes (docs/product-rules.md, "Accounts and sign-in").
      expiresIn: EIGHT_HOURS,
      updateAge: THIRTY_MINUTES,
      // No cookie cache: a revoked or banned session must end at the next request.
      cookieCache: { enabled: false },
      // Read by getCurrentUser for the admin inactivity timeout; the
      // database sets it on insert and getCurrentUser moves it forward.
      additionalFields: {
        lastActiveAt: { type: "date", required: false, input: false },
      },
    },
    user: {
      // The new address must be confirmed before it replaces the old one.
      changeEmail: { enabled: true },
      additionalFields: {
        emailVerifiedAt: { type: "date", required: false, input: false },
        // The language the person chose (app/i18n). Input only from our own
        // server calls: the HTTP sign-up endpoint is disabled (below).
        locale: { type: "string", required: false, input: true },
      },
    },
    databaseHooks: {
      user: {
        update: {
          before: async (data) =>
            data.emailVerified === true && !data.emailVerifiedAt
              ? { data: { ...data, emailVerifiedAt: new Date() } }
              : { data },
        },
      },
    },
    advanced: {
      // better-auth turns its origin and CSRF checks off when NODE_ENV is
      // "test" or TEST is set; an environment variable must never do that.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.appUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    // Over HTTP only the emailed reset link is reachable at all: the route
    // app/routes/api/auth.ts is an allowlist (docs/decisions/0010). As a
    // second layer, better-auth itself refuses the endpoints that would skip
    // our own rules; the server still calls these through getAuth().api:
    // - sign-up and verification go through /register and /verify-email,
    //   which apply the registration rules and the email limits and write
    //   the security events;
    // - password resets and email changes go through our pages only
    //   (app/features/accounts), which apply the per-address email limits and
    //   write the security events;
    // - people sign in through our sign-in pages, which apply the
    //   lockout (docs/decisions/0005).
    disabledPaths: [
      "/sign-up/email",
      "/send-verification-email",
      "/request-password-reset",
      "/reset-password",
      "/change-email",
      "/sign-in/email",
    ],
    // On in every environment: an environment variable must not turn it off.
    // Counted in the database, so that every server process shares the counts.
    rateLimit: { enabled: true, storage: "database" },
    // better-auth warns of every sign-in or reset for an unknown address: facts
    // the audit log already holds, and a line anyone could add to the server's
    // log at will. Its errors still show, one line each (auth-log.server.ts); everything with LOG_LEVEL=debug.
    logger: { level: env.LOG_LEVEL === "debug" ? "debug" : "error", log: createAuthLog() },
    plugins: [
      admin({ defaultRole: "client", adminRoles: ["admin"] }),
      // TOTP for anyone who turns it on; ADMIN_REQUIRE_2FA makes it mandatory for admins.
      twoFactor({ issuer: "Tendly", skipVerificationOnEnable: false }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The instance, with what it was made from: the secret, the configuration and the database connection. */
type Initialised = { auth: Auth; secret: string; env: object; database: Database };

const holder = globalThis as typeof globalThis & { __tendlyAuth?: Initialised };

/**
 * Makes the process's auth instance, once per secret, configuration and database connection: a
 * server makes it once at boot; tests that switch any of them (one process runs many test files)
 * get an instance of their own instead of one bound to a database they have dropped.
 */
export function initAuth(secret: string): Auth {
  const env = getEnv();
  const database = getDb();
  const current = holder.__tendlyAuth;
  if (current?.secret !== secret || current.env !== env || current.database !== database) {
    holder.__tendlyAuth = { auth: createAuth(secret), secret, env, database };
  }
  return holder.__tendlyAuth!.auth;
}

export function getAuth(): Auth {
  if (!holder.__tendlyAuth) throw new Error("Auth is not initialised yet (initAuth was not called).");
  return holder.__tendlyAuth.auth;
}
