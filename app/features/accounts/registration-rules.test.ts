import { describe, expect, it } from "vitest";
import {
  isLegacySignupLink,
  REGISTRATION_TOASTS,
  registrationRefusalFor,
  verificationTokenTarget,
  VERIFICATION_TEXTS,
  verificationFailureMessage,
} from "./registration-rules";

describe("registrationRefusalFor", () => {
  it.each([
    "Too many requests. Please try again later.",
    "Email rate limit exceeded",
    "Email verification limit reached. Please wait before trying again.",
    "Too many signup attempts",
  ])("shows the yellow rate-limit alert with the message for %s", (message) => {
    expect(registrationRefusalFor(message)).toEqual({ status: "rate-limited", message });
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
      toast: { title: "Password too short", description: "Password must be at least 6 characters" },
    });
    expect(registrationRefusalFor("Please enter a valid email address")).toMatchObject({
      toast: { title: "Invalid email" },
    });
    expect(registrationRefusalFor("Demo accounts cannot register")).toMatchObject({
      toast: { title: "Demo account detected" },
    });
  });

  it("falls back to Registration failed with the message, or the no-user text", () => {
    expect(registrationRefusalFor("Database is down")).toEqual({
      status: "refused",
      toast: { title: "Registration failed", description: "Database is down" },
    });
    expect(registrationRefusalFor(undefined)).toEqual({
      status: "refused",
      toast: { title: "Registration failed", description: "Registration failed. Please try again later." },
    });
  });
});

describe("verificationFailureMessage", () => {
  it("explains expired and invalid links, else keeps the message or the fallback", () => {
    expect(verificationFailureMessage("TOKEN_EXPIRED", "token expired")).toBe(VERIFICATION_TEXTS.expiredLink);
    expect(verificationFailureMessage("INVALID_TOKEN", "invalid token")).toBe(VERIFICATION_TEXTS.invalidLink);
    expect(verificationFailureMessage(undefined, "Something odd")).toBe("Something odd");
    expect(verificationFailureMessage(undefined, " ")).toBe(
      "There was an issue verifying your email. Please try again.",
    );
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
