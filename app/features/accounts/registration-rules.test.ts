import { describe, expect, it } from "vitest";
import {
  isLegacySignupLink,
  REGISTRATION_LIMITS,
  REGISTRATION_TOASTS,
  registrationRefusalFor,
  verificationTokenTarget,
  verificationFailureMessage,
} from "./registration-rules";

describe("registrationRefusalFor", () => {
  it.each(["Too many requests. Please try again later.", "Email rate limit exceeded", "Too many signup attempts"])(
    "shows the yellow rate-limit alert of too many sign-ups for %s",
    (message) => {
      expect(registrationRefusalFor(message)).toEqual({
        status: "rate-limited",
        message: REGISTRATION_LIMITS.tooManySignUps,
      });
    },
  );

  it("shows the email verification limit's alert for its message", () => {
    expect(registrationRefusalFor("Email verification limit reached. Please wait before trying again.")).toEqual({
      status: "rate-limited",
      message: REGISTRATION_LIMITS.cooldown,
    });
  });

  it.each([
    "An account with this email exists",
    "User already exists. Use another email.",
    "User already registered",
    "Email address not available",
    'duplicate key value violates unique constraint "user_profiles_email_lower_idx"',
  ])("says the account already exists for %s", (message) => {
    expect(registrationRefusalFor(message)).toEqual({ status: "refused", toast: REGISTRATION_TOASTS.accountExists });
  });

  it("maps the password, email and demo messages to their toasts", () => {
    expect(registrationRefusalFor("Password must be at least 6 characters")).toEqual({
      status: "refused",
      toast: REGISTRATION_TOASTS.passwordTooShort,
    });
    expect(registrationRefusalFor("Please enter a valid email address")).toEqual({
      status: "refused",
      toast: REGISTRATION_TOASTS.invalidEmail,
    });
    expect(registrationRefusalFor("Demo accounts cannot register")).toEqual({
      status: "refused",
      toast: REGISTRATION_TOASTS.demoAccount,
    });
  });

  it("falls back to Registration failed, in the reader's language, not the library's English", () => {
    expect(registrationRefusalFor("Database is down")).toEqual({
      status: "refused",
      toast: REGISTRATION_TOASTS.noUser,
    });
    expect(registrationRefusalFor(undefined)).toEqual({ status: "refused", toast: REGISTRATION_TOASTS.noUser });
  });
});

describe("verificationFailureMessage", () => {
  it("explains expired and invalid links and a missing account, else gives the general failure", () => {
    expect(verificationFailureMessage("TOKEN_EXPIRED")).toEqual({ key: "auth:verification.expiredLink" });
    expect(verificationFailureMessage("INVALID_TOKEN")).toEqual({ key: "auth:verification.invalidLink" });
    expect(verificationFailureMessage("USER_NOT_FOUND")).toEqual({ key: "auth:verification.unknownAccount" });
    expect(verificationFailureMessage("SOMETHING_ODD")).toEqual({ key: "auth:verification.failedFallback" });
    expect(verificationFailureMessage(undefined)).toEqual({ key: "auth:verification.failedFallback" });
  });
});

describe("isLegacySignupLink", () => {
  it("needs type=signup and a token of the old service", () => {
    expect(isLegacySignupLink(new URLSearchParams("type=signup&access_token=a&refresh_token=b"))).toBe(true);
    expect(isLegacySignupLink(new URLSearchParams("type=signup"))).toBe(false);
    expect(isLegacySignupLink(new URLSearchParams("type=recovery&access_token=a"))).toBe(false);
  });
});

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("verificationTokenTarget", () => {
  it("reads the address out of a JWT payload", () => {
    expect(
      verificationTokenTarget(`${encode({ alg: "HS256" })}.${encode({ email: "Nia@Example.test" })}.signature`),
    ).toEqual({ email: "nia@example.test", isEmailChange: false });
  });

  it("gives the new address of an email change", () => {
    const payload = encode({ email: "old@example.test", updateTo: "New@Example.test" });
    expect(verificationTokenTarget(`x.${payload}.y`)).toEqual({ email: "new@example.test", isEmailChange: true });
  });

  it("gives null for anything else", () => {
    expect(verificationTokenTarget("not-a-token")).toBeNull();
    expect(verificationTokenTarget("a.%%%.c")).toBeNull();
    expect(verificationTokenTarget(`x.${encode({ sub: "1" })}.y`)).toBeNull();
  });
});
