import { z } from "zod";
import { US_STATE_CODES } from "./us-states";

// Spec section 5: the validation rules and their messages, verbatim. The
// forms validate with these schemas and the server actions parse with them.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Field schemas shared by every account form (registration, admin invite, profile). */
export const EmailField = z
  .string()
  .trim()
  .max(255, "Email too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

export const PasswordField = z
  .string()
  .min(PASSWORD_MIN, "Password must be at least 8 characters")
  .max(PASSWORD_MAX, "Password must not exceed 128 characters");

export const FirstNameField = z.string().trim().min(2, "First name is required").max(50, "First name too long");
export const LastNameField = z.string().trim().min(2, "Last name is required").max(50, "Last name too long");

/** The ZIP field keeps digits only, at most 10 of them (spec 5). */
export function normalizeZipInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 10);
}

/** Demo accounts are recognised by their email address (spec 5). */
export const DEMO_EMAIL_SUFFIX = "@demo.tendly.test";
export const DEMO_PASSWORD_MIN = 6;

export function isDemoEmail(address: string): boolean {
  return address.trim().toLowerCase().endsWith(DEMO_EMAIL_SUFFIX);
}

export const LoginSchema = z
  .object({
    email: z.string().trim().pipe(z.email("Please enter a valid email address")),
    password: z.string().min(1, "Password is required"),
    role: z.enum(["care-recipient", "care-provider"]).optional(),
  })
  // Spec 5: sign-in for demo accounts needs a password of at least 6 characters.
  .superRefine((data, ctx) => {
    if (isDemoEmail(data.email) && data.password.length < DEMO_PASSWORD_MIN) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "Password must be at least 6 characters" });
    }
  });
export type Login = z.infer<typeof LoginSchema>;

const formBoolean = z
  .union([z.boolean(), z.enum(["on", "true", "false"])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const RegistrationSchema = z
  .object({
    firstName: FirstNameField,
    lastName: LastNameField,
    email: EmailField,
    phoneNumber: z.string().trim().min(10, "Please enter a valid phone number").max(20, "Phone number too long"),
    password: PasswordField,
    confirmPassword: z.string(),
    streetAddress: z.string().trim().min(5, "Street address is required").max(255, "Address too long"),
    city: z.string().trim().min(2, "City is required").max(100, "City name too long"),
    state: z.enum(US_STATE_CODES, "Please select a valid state"),
    zipCode: z
      .string()
      .trim()
      .min(5, "Please enter a valid ZIP code")
      .max(10, "ZIP code too long")
      .regex(/^\d{5,10}$/, "ZIP code must be 5-10 numbers"),
    // Spec 3: marketing consent defaults to off.
    marketingConsent: formBoolean,
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type Registration = z.infer<typeof RegistrationSchema>;

export const ResetPasswordSchema = z
  .object({ password: PasswordField, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const ForgotPasswordSchema = z.object({ email: EmailField });

/** The profile form: first name, last name and email with the registration rules (spec 5). */
export const ProfileSchema = z.object({ firstName: FirstNameField, lastName: LastNameField, email: EmailField });
export type Profile = z.infer<typeof ProfileSchema>;
/** What a profile save sends: only the fields that changed (spec 5). */
export const ProfileChangesSchema = ProfileSchema.partial();
export type ProfileChanges = z.infer<typeof ProfileChangesSchema>;

export type PasswordStrength = "Too Short" | "Good" | "Strong" | "Very Strong";

/**
 * Spec 5 password meter: under 8 characters is Too Short; otherwise Good,
 * Strong or Very Strong by how many of the five criteria (length, upper case,
 * lower case, number, special character) are met.
 */
export function passwordStrength(value: string): { label: PasswordStrength; criteriaMet: number } {
  const criteria = [
    value.length >= PASSWORD_MIN,
    /[A-Z]/.test(value),
    /[a-z]/.test(value),
    /\d/.test(value),
    /[^A-Za-z0-9]/.test(value),
  ];
  const criteriaMet = criteria.filter(Boolean).length;
  if (value.length < PASSWORD_MIN) return { label: "Too Short", criteriaMet };
  const label: PasswordStrength = criteriaMet >= 5 ? "Very Strong" : criteriaMet === 4 ? "Strong" : "Good";
  return { label, criteriaMet };
}
