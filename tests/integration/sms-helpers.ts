import { afterAll, beforeAll } from "vitest";
import { startFakeSms, type FakeSms } from "../support/fake-sms";
import { useAuthTestSetup, type AuthTestSetup } from "./auth-env";

// For the tests of text messages (docs/decisions/0049-text-messages.md): the local fake of the provider
// (tests/support/fake-sms.ts), started for the calling file, and the auth set-up whose environment sends to it.

/** Registers the fake and the set-up in the calling file; `fake` is ready inside a test. */
export function useFakeSmsSetup(): { setup: AuthTestSetup; readonly fake: FakeSms } {
  const started: { fake?: FakeSms } = {};
  beforeAll(async () => {
    started.fake = await startFakeSms();
  });
  afterAll(async () => {
    await started.fake?.close();
  });
  const setup = useAuthTestSetup({
    env: () => ({
      SMS_API_BASE: started.fake!.url,
      SMS_ACCOUNT_SID: started.fake!.accountSid,
      SMS_AUTH_TOKEN: started.fake!.authToken,
      SMS_FROM: "+13125550100",
    }),
  });
  return {
    setup,
    get fake() {
      if (!started.fake) throw new Error("The fake text-message provider is not started (use it inside a test).");
      return started.fake;
    },
  };
}
