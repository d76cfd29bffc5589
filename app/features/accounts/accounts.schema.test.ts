import { isDemoEmail } from "~/utils/demo-accounts";
import { describe, expect, it } from "vitest";
import { validationText } from "~/i18n/i18n.server";
import {
  LoginSchema,
  normalizeZipInput,
  passwordStrength,
  RegistrationSchema,
  ResetPasswordSchema,
} from "./accounts.schema";
import { US_STATES } from "./us-states";

// The schemas name their messages by key (i18n/messages.test.ts checks that they are keys of the
// validation messages); the rules' words are the English the reader sees (docs/product-rules.md).

const valid = {
  firstName: "Casey",
  lastName: "Morgan",
  email: "Casey.Morgan@Example.com",
  phoneNumber: "(312) 555-0100",
  password: "Sunny-Day-42",
  confirmPassword: "Sunny-Day-42",
  streetAddress: "100 Main Street",
  city: "Chicago",
  state: "IL",
  zipCode: "60614",
};

function messagesFor(input: Record<string, unknown>, field: string): string[] {
  const result = RegistrationSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => validationText("en", issue));
}

describe("RegistrationSchema", () => {
  it("accepts a complete registration, lower-cases the email and defaults marketing consent to off", () => {
    const result = RegistrationSchema.parse(valid);
    expect(result.email).toBe("casey.morgan@example.com");
    expect(result.marketingConsent).toBe(false);
    expect(RegistrationSchema.parse({ ...valid, marketingConsent: "on" }).marketingConsent).toBe(true);
  });

  it.each([
    ["firstName", "C", "First name is required"],
    ["firstName", "C".repeat(51), "First name too long"],
    ["lastName", "", "Last name is required"],
    ["lastName", "M".repeat(51), "Last name too long"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Email too long"],
    ["phoneNumber", "555-0100", "Please enter a valid phone number"],
    ["phoneNumber", "1".repeat(21), "Phone number too long"],
    ["password", "short", "Password must be at least 8 characters"],
    ["password", "p".repeat(129), "Password must not exceed 128 characters"],
    ["streetAddress", "1 A", "Street address is required"],
    ["streetAddress", "a".repeat(256), "Address too long"],
    ["city", "C", "City is required"],
    ["city", "c".repeat(101), "City name too long"],
    ["state", "XX", "Please select a valid state"],
    ["state", "", "Please select a valid state"],
    ["zipCode", "606", "Please enter a valid ZIP code"],
    ["zipCode", "12345678901", "ZIP code too long"],
    ["zipCode", "606-14", "ZIP code must be 5-10 numbers"],
  ])("%s = %j gives %j", (field, value, message) => {
    const input = { ...valid, [field]: value, ...(field === "password" ? { confirmPassword: value } : {}) };
    expect(messagesFor(input, field)).toContain(message);
  });

  it("refuses a confirmation that differs", () => {
    expect(messagesFor({ ...valid, confirmPassword: "Sunny-Day-43" }, "confirmPassword")).toEqual([
      "Passwords do not match",
    ]);
  });

  it("requires every field but marketing consent", () => {
    const result = RegistrationSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect([...fields]).toEqual(expect.arrayContaining(Object.keys(valid)));
    expect(fields.has("marketingConsent")).toBe(false);
  });
});

describe("the state list", () => {
  it("has the 50 states and DC, each a two-letter code, once", () => {
    expect(US_STATES).toHaveLength(51);
    const codes = new Set(US_STATES.map((state) => state.code));
    expect(codes.size).toBe(51);
    expect(codes.has("DC")).toBe(true);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe("normalizeZipInput", () => {
  it("keeps digits only, at most 10", () => {
    expect(normalizeZipInput("60614-1234")).toBe("606141234");
    expect(normalizeZipInput("abc 12345 6789 0123")).toBe("1234567890");
  });
});

describe("LoginSchema", () => {
  it("uses the rules' messages", () => {
    const result = LoginSchema.safeParse({ email: "nope", password: "" });
    expect(result.error?.issues.map((issue) => validationText("en", issue))).toEqual([
      "Please enter a valid email address",
      "Password is required",
    ]);
  });

  it("asks demo accounts for at least 6 characters, other accounts for any password", () => {
    const demo = LoginSchema.safeParse({ email: "Client@Demo.Tendly.Test", password: "12345" });
    expect(demo.error?.issues.map((issue) => [issue.path[0], validationText("en", issue)])).toEqual([
      ["password", "Password must be at least 6 characters"],
    ]);
    expect(LoginSchema.safeParse({ email: "client@demo.tendly.test", password: "123456" }).success).toBe(true);
    expect(LoginSchema.safeParse({ email: "someone@example.com", password: "1" }).success).toBe(true);
  });

  it("recognises demo addresses by their domain only", () => {
    expect(isDemoEmail(" admin@demo.tendly.test ")).toBe(true);
    expect(isDemoEmail("admin@demo.tendly.test.evil.com")).toBe(false);
    expect(isDemoEmail("demo.tendly.test@example.com")).toBe(false);
  });

  it("accepts only the two roles", () => {
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x", role: "care-provider" }).success).toBe(true);
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x", role: "admin" }).success).toBe(false);
  });
});

describe("ResetPasswordSchema", () => {
  it("says the reset schema's own mismatch message", () => {
    const result = ResetPasswordSchema.safeParse({ password: "Sunny-Day-42", confirmPassword: "other-pass" });
    expect(result.error?.issues.map((issue) => validationText("en", issue))).toEqual(["Passwords don't match"]);
  });
});

describe("passwordStrength", () => {
  it.each([
    ["Ab1!", "Too Short"],
    ["abcdefgh", "Good"],
    ["abcdefg1", "Good"],
    ["Abcdefg1", "Strong"],
    ["abcdefg1!", "Strong"],
    ["Abcdefg1!", "Very Strong"],
  ])("%j is %s", (value, label) => {
    expect(passwordStrength(value).label).toBe(label);
  });
});
