import { like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER, getAuth } from "~/platform/auth/auth.server";
import { authRateLimits } from "~/platform/db/schema";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";

// better-auth's rate limits are counted in the database (auth_rate_limits),
// so that every server process shares them: a count written by another
// process refuses the request here.

const setup = useAuthTestSetup();

function resetLinkFrom(address: string) {
  return appRequest("/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password", {
    headers: { [CLIENT_IP_HEADER]: address },
  });
}

describe("better-auth's rate limits", () => {
  test("are counted in the database", async () => {
    const address = "10.61.0.1";
    const response = await getAuth().handler(resetLinkFrom(address));
    expect(response.status).toBe(302);
    const rows = await setup.db
      .select()
      .from(authRateLimits)
      .where(like(authRateLimits.key, `%${address}%`));
    expect(rows.map((row) => row.count)).toEqual([1]);
  });

  test("a count another process wrote refuses the request here", async () => {
    const address = "10.61.0.2";
    expect((await getAuth().handler(resetLinkFrom(address))).status).toBe(302);
    // As if other processes had answered many requests from this address just now.
    await setup.db
      .update(authRateLimits)
      .set({ count: 10_000, lastRequest: Date.now() })
      .where(like(authRateLimits.key, `%${address}%`));
    expect((await getAuth().handler(resetLinkFrom(address))).status).toBe(429);
    // Another address is not affected.
    expect((await getAuth().handler(resetLinkFrom("10.61.0.3"))).status).toBe(302);
  });
});
