import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { registerClient } from "~/features/accounts/registration.server";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { useAuthTestSetup } from "./auth-env";
import { randomSecret } from "./env";

// Registration is one unit (docs/decisions/0021-registration-in-one-transaction.md):
// a process killed after better-auth wrote the user and its credentials, and
// before our profile and role, leaves no account behind, and the address
// registers again.

const FIXTURE = path.join(import.meta.dirname, "fixtures", "register-and-crash.ts");

const setup = useAuthTestSetup();
/** The test database's URL, for the child process. */
const databaseUrl = () => (setup.db.$client.options as { connectionString: string }).connectionString;

function registerInChildAndKill(email: string) {
  // Node itself with tsx's loader: the tsx command would run the script in a
  // child process of its own, which a SIGKILL to the command does not reach.
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TEST_DATABASE_URL: databaseUrl(),
      DATA_DIR: setup.env.DATA_DIR,
      AUTH_SECRET: randomSecret(),
      REGISTER_EMAIL: email,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    if (output.includes("user written")) child.kill("SIGKILL");
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  return new Promise<{ signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on("exit", (_code, signal) => resolve({ signal, output })),
  );
}

async function leftovers(email: string) {
  const { rows } = await setup.db.$client.query<{ users: string; credentials: string; emails: string }>(
    `select
       (select count(*) from user_profiles where email = $1) as users,
       (select count(*) from accounts a join user_profiles u on u.id = a.user_id where u.email = $1) as credentials,
       (select count(*) from jobs where name = 'email.send' and payload->>'to' = $1) as emails`,
    [email],
  );
  return rows[0];
}

test("a process killed between better-auth's user and our profile leaves no account, and the address registers again", async () => {
  const email = `crash-${Date.now().toString(36)}@example.test`;
  const killed = await registerInChildAndKill(email);
  expect(killed.output).toContain("user written");
  expect(killed.output).not.toContain("not killed");
  expect(killed.signal).toBe("SIGKILL");

  // The killed transaction is rolled back once PostgreSQL sees its connection gone.
  await expect.poll(() => leftovers(email), { timeout: 10_000 }).toEqual({ users: "0", credentials: "0", emails: "0" });

  const registration = RegistrationSchema.parse({ ...SAMPLE_REGISTRATION, email, marketingConsent: "on" });
  const request = new Request("http://127.0.0.1:3000/register", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: "198.51.100.78" },
  });
  // Past the address's one-minute cooldown, which the killed attempt started.
  const outcome = await registerClient({ registration, request, now: new Date(Date.now() + 5 * 60_000) });
  expect(outcome.status).toBe("registered");
  expect(await leftovers(email)).toEqual({ users: "1", credentials: "1", emails: "1" });
  const { rows } = await setup.db.$client.query<{ role: string }>(
    "select r.role from user_roles r join user_profiles u on u.id = r.user_id where u.email = $1",
    [email],
  );
  expect(rows).toEqual([{ role: "client" }]);
  // A bound on a hang only: the child process starts tsx, the app's modules and a database pool, which takes
  // about 18 s on a busy 2-core machine.
}, 120_000);
