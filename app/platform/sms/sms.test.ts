import { describe, expect, it } from "vitest";
import { smsKeyword } from "./keywords";
import { formatUsPhone, usPhoneToE164 } from "./phone";
import { isValidSmsSignature, smsSignature } from "./signature.server";

describe("the provider's request signature", () => {
  // Twilio's documented example (docs/decisions/0049-text-messages.md cites the algorithm).
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params = new URLSearchParams({
    CallSid: "CA1234567890ABCDE",
    Caller: "+12349013030",
    Digits: "1234",
    From: "+12349013030",
    To: "+18005551212",
  });
  const token = "12345";

  it("is the base64 HMAC-SHA1 of the address and the sorted fields", () => {
    expect(smsSignature(url, params, token)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("accepts the right signature and refuses another token, another address, a changed field or none", () => {
    const signature = smsSignature(url, params, token);
    expect(isValidSmsSignature(signature, url, params, token)).toBe(true);
    expect(isValidSmsSignature(signature, url, params, "54321")).toBe(false);
    expect(isValidSmsSignature(signature, "https://mycompany.com/other", params, token)).toBe(false);
    const changed = new URLSearchParams(params);
    changed.set("Digits", "9999");
    expect(isValidSmsSignature(signature, url, changed, token)).toBe(false);
    expect(isValidSmsSignature(null, url, params, token)).toBe(false);
    expect(isValidSmsSignature("short", url, params, token)).toBe(false);
  });
});

describe("the words that stop and resume texts", () => {
  it.each(["STOP", "stop", " Stop ", "STOPALL", "UNSUBSCRIBE", "cancel", "END", "quit", "ALTO", "Parar"])(
    "%j stops",
    (body) => {
      expect(smsKeyword(body)).toBe("stop");
    },
  );
  it.each(["START", "unstop", " Start"])("%j resumes", (body) => {
    expect(smsKeyword(body)).toBe("start");
  });
  it.each(["please stop", "STOP!", "ok", "", "YES", "alto ahí"])("%j is neither", (body) => {
    expect(smsKeyword(body)).toBeNull();
  });
});

describe("US phone numbers", () => {
  it.each([
    ["(312) 555-0142", "+13125550142"],
    ["312.555.0142", "+13125550142"],
    ["+1 312 555 0142", "+13125550142"],
    ["1-312-555-0142", "+13125550142"],
  ])("%j is %s", (typed, e164) => {
    expect(usPhoneToE164(typed)).toBe(e164);
  });

  it.each(["555-0142", "(200) 555-0142", "+44 20 7946 0958", "+1 787 555 0142", "call me", ""])(
    "%j is refused",
    (typed) => {
      expect(usPhoneToE164(typed)).toBeNull();
    },
  );

  it("is shown as people write it", () => {
    expect(formatUsPhone("+13125550142")).toBe("(312) 555-0142");
  });
});
