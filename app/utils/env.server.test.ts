import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { defaultPgDataDir, EnvError, getEnv, isLoopbackHost, parseEnv, setEnvForTesting } from "./env.server";

const SECRET = "s".repeat(32);

function parseError(source: NodeJS.ProcessEnv): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("parseEnv accepted the configuration");
}

afterEach(() => {
  vi.restoreAllMocks();
  setEnvForTesting(undefined);
});

describe("parseEnv defaults", () => {
  test("an empty environment runs locally on the embedded database with demo data", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "data",
      DATABASE_POOL_SIZE: 10,
      TRUST_PROXY: 0,
      appUrl: "http://127.0.0.1:3000",
      isEmbeddedDatabase: true,
      isLoopbackOnly: true,
      demo: { enabled: true, public: false },
      mailbox: { enabled: false },
      MAIL_FROM: "Tendly <hello@tendly.test>",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  test("empty strings count as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" })).toMatchObject({ PORT: 3000, isEmbeddedDatabase: true });
  });

  test("demo mode is a local trial: embedded database, loopback, no proxy trusted", () => {
    const external = { DATABASE_URL: "postgres://app@db.internal/tendly", AUTH_SECRET: SECRET };
    expect(parseEnv(external).demo).toMatchObject({ enabled: false, public: false });
    expect(parseEnv(external).demo.reason).toContain("DATABASE_URL");
    expect(parseEnv({ HOST: "0.0.0.0" }).demo).toMatchObject({ enabled: false });
    expect(parseEnv({ HOST: "0.0.0.0" }).demo.reason).toContain("HOST 0.0.0.0");
    expect(parseEnv({ TRUST_PROXY: "1" }).demo).toMatchObject({ enabled: false });
    expect(parseEnv({ TRUST_PROXY: "1" }).demo.reason).toContain("TRUST_PROXY");
    expect(parseEnv({ DEMO_MODE: "0" }).demo).toMatchObject({ enabled: false, public: false });
  });

  test("DEMO_MODE=true makes a public demo anywhere", () => {
    const external = { DATABASE_URL: "postgres://app@db.internal/tendly", AUTH_SECRET: SECRET };
    for (const source of [{}, { HOST: "0.0.0.0", TRUST_PROXY: "2" }, external]) {
      expect(parseEnv({ ...source, DEMO_MODE: "true" }).demo).toMatchObject({ enabled: true, public: true });
    }
  });

  test("the mailbox opens only in development or with DEV_MAILBOX=true, on loopback, with no proxy and no SMTP", () => {
    expect(parseEnv({ NODE_ENV: "development" }).mailbox.enabled).toBe(true);
    expect(parseEnv({ DEV_MAILBOX: "true" }).mailbox.enabled).toBe(true);
    expect(parseEnv({}).mailbox.enabled).toBe(false);
    expect(parseEnv({ DEV_MAILBOX: "true", TRUST_PROXY: "1" }).mailbox).toMatchObject({ enabled: false });
    expect(parseEnv({ NODE_ENV: "development", HOST: "0.0.0.0" }).mailbox.enabled).toBe(false);
    expect(parseEnv({ DEV_MAILBOX: "true", SMTP_URL: "smtp://mail.internal" }).mailbox.enabled).toBe(false);
  });

  test("derives the public URL from HOST and PORT, or takes APP_URL without its trailing slash", () => {
    expect(parseEnv({ HOST: "0.0.0.0", PORT: "8080" })).toMatchObject({
      appUrl: "http://127.0.0.1:8080",
      isLoopbackOnly: false,
    });
    expect(parseEnv({ HOST: "::1" })).toMatchObject({ appUrl: "http://[::1]:3000", isLoopbackOnly: true });
    expect(parseEnv({ APP_URL: "https://care.example.com/" }).appUrl).toBe("https://care.example.com");
  });
});

describe("parseEnv errors name the variable", () => {
  test("PORT=abc", () => {
    const error = parseError({ PORT: "abc" });
    expect(error.name).toBe("EnvError");
    expect(error.message).toMatch(/^Invalid configuration in the environment:\n {2}PORT: /);
    expect(error.message).not.toContain("DATABASE_URL");
  });

  test("PORT out of range", () => {
    expect(parseError({ PORT: "70000" }).message).toContain("PORT:");
  });

  test("DATABASE_URL=mysql://x", () => {
    expect(parseError({ DATABASE_URL: "mysql://x" }).message).toContain(
      "DATABASE_URL: must start with postgres:// or postgresql://",
    );
  });

  test("STRIPE_WEBHOOK_SECRET: one signing secret or several, separated by commas", () => {
    expect(parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_a" }).STRIPE_WEBHOOK_SECRET).toBe("whsec_a");
    expect(parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_a, whsec_b" }).STRIPE_WEBHOOK_SECRET).toBe("whsec_a, whsec_b");
    expect(parseError({ STRIPE_WEBHOOK_SECRET: "whsec_a,sk_b" }).message).toContain(
      "STRIPE_WEBHOOK_SECRET: must be whsec_... signing secrets, separated by commas",
    );
  });

  test("several bad variables are all listed", () => {
    const { message } = parseError({ PORT: "abc", SMTP_URL: "http://mail", AUTH_SECRET: "short" });
    expect(message).toContain("PORT:");
    expect(message).toContain("SMTP_URL: must start with smtp:// or smtps://");
    expect(message).toContain("AUTH_SECRET: must be at least 32 characters");
  });

  test("AUTH_SECRET is required in production with DATABASE_URL", () => {
    const external = { DATABASE_URL: "postgresql://app@db.internal/tendly" };
    expect(parseError(external).message).toContain("AUTH_SECRET: required when DATABASE_URL is set");
    expect(parseError({ ...external, NODE_ENV: "production" }).message).toContain("AUTH_SECRET");
    expect(() => parseEnv({ ...external, NODE_ENV: "development" })).not.toThrow();
    expect(() => parseEnv({ ...external, AUTH_SECRET: SECRET })).not.toThrow();
    // The embedded default keeps a generated secret beside its data instead.
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });
});

describe("S3 storage", () => {
  const S3 = { S3_BUCKET: "tendly-files", S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example" };

  test("is off unless configured: files stay under DATA_DIR", () => {
    expect(parseEnv({}).s3).toBeNull();
  });

  test("a bucket and its keys are enough; the rest has defaults", () => {
    expect(parseEnv(S3).s3).toEqual({
      bucket: "tendly-files",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret-example",
      keyPrefix: "",
    });
    expect(
      parseEnv({
        ...S3,
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_REGION: "auto",
        S3_FORCE_PATH_STYLE: "true",
        S3_KEY_PREFIX: "tendly/production/",
      }).s3,
    ).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "auto",
      forcePathStyle: true,
      keyPrefix: "tendly/production",
    });
  });

  test("a partial configuration stops the boot, naming what is missing", () => {
    const bucketOnly = parseError({ S3_BUCKET: "tendly-files" }).message;
    expect(bucketOnly).toContain("S3_ACCESS_KEY_ID: required when S3_BUCKET is set");
    expect(bucketOnly).toContain("S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set");
    const keysOnly = parseError({ S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example" }).message;
    expect(keysOnly).toContain("S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set");
    expect(parseError({ S3_ENDPOINT: "https://s3.example.com" }).message).toContain("S3_BUCKET: required");
    expect(parseError({ ...S3, S3_SECRET_ACCESS_KEY: "" }).message).toContain("S3_SECRET_ACCESS_KEY: required");
  });

  test.each([
    ["S3_BUCKET", "Tendly_Files"],
    ["S3_ENDPOINT", "ftp://files.example.com"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_FORCE_PATH_STYLE", "maybe"],
    ["S3_KEY_PREFIX", "../elsewhere"],
    ["S3_KEY_PREFIX", "/absolute"],
  ])("refuses %s=%s", (name, value) => {
    expect(parseError({ ...S3, [name]: value }).message).toContain(`${name}:`);
  });
});

describe("the PostgreSQL data directory", () => {
  test("for an ordinary user it is <DATA_DIR>/pg", () => {
    vi.spyOn(process, "getuid").mockReturnValue(1000);
    expect(defaultPgDataDir("data", "/home/sam/tendly")).toBe(path.resolve("data", "pg"));
    expect(parseEnv({ DATA_DIR: "/srv/tendly-data" }).pgDataDir).toBe("/srv/tendly-data/pg");
  });

  test("as root it lives under /var/lib/tendly, keyed by the checkout", () => {
    vi.spyOn(process, "getuid").mockReturnValue(0);
    const first = defaultPgDataDir("data", "/root/tendly");
    expect(first).toMatch(/^\/var\/lib\/tendly\/[0-9a-f]{12}\/pg$/);
    expect(defaultPgDataDir("data", "/root/tendly")).toBe(first);
    expect(defaultPgDataDir("data", "/root/tendly-copy")).not.toBe(first);
    expect(defaultPgDataDir("/root/tendly/data", "/elsewhere")).toBe(first);
    expect(parseEnv({}).pgDataDir).toMatch(/^\/var\/lib\/tendly\/[0-9a-f]{12}\/pg$/);
  });

  test("PG_DATA_DIR overrides the default", () => {
    vi.spyOn(process, "getuid").mockReturnValue(0);
    expect(parseEnv({ PG_DATA_DIR: "/mnt/pg" }).pgDataDir).toBe("/mnt/pg");
  });
});

describe("isLoopbackHost", () => {
  test.each(["127.0.0.1", "127.0.0.2", "localhost", "::1"])("%s is loopback", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  test.each(["0.0.0.0", "::", "10.0.0.5", "tendly.example.com"])("%s is not loopback", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("getEnv", () => {
  test("returns the configuration set for a test until it is cleared", () => {
    const env = parseEnv({ PORT: "4321" });
    setEnvForTesting(env);
    expect(getEnv()).toBe(env);
    setEnvForTesting(undefined);
    expect(getEnv()).not.toBe(env);
  });
});

describe("text messages (docs/decisions/0049-text-messages.md)", () => {
  const SMS = { SMS_ACCOUNT_SID: "AC0123456789", SMS_AUTH_TOKEN: "token-0123456789abcdef", SMS_FROM: "+13125550100" };

  test("are off unless the account, its token and the sending number are all set", () => {
    expect(parseEnv({}).sms).toBeNull();
    expect(parseEnv(SMS).sms).toEqual({
      apiBase: "https://api.twilio.com",
      accountSid: "AC0123456789",
      authToken: "token-0123456789abcdef",
      from: "+13125550100",
    });
    expect(parseEnv({ ...SMS, SMS_API_BASE: "http://127.0.0.1:4010/" }).sms?.apiBase).toBe("http://127.0.0.1:4010");
  });

  test("a partial or malformed configuration stops the boot, naming the variable", () => {
    const sidOnly = parseError({ SMS_ACCOUNT_SID: "AC0123456789" }).message;
    expect(sidOnly).toContain("SMS_AUTH_TOKEN: required when SMS_ACCOUNT_SID is set");
    expect(sidOnly).toContain("SMS_FROM: required when SMS_ACCOUNT_SID is set");
    expect(parseError({ ...SMS, SMS_FROM: "312-555-0100" }).message).toContain("SMS_FROM: must be the sending number");
    expect(parseError({ ...SMS, SMS_API_BASE: "ftp://sms.example.com" }).message).toContain("SMS_API_BASE");
  });
});
