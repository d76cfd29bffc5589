import { z } from "zod";
import { US_STATE_CODES } from "./us-states";
import { isDemoEmail } from "~/utils/demo-accounts";
import { messageKey } from "~/i18n/message-keys";

// The validation rules and their messages, word for word (docs/product-rules.md, "Accounts and sign-in"). The
// forms validate with these schemas and the server actions parse with them.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Field schemas shared by every account form (registration, admin invite, profile). */
export const EmailField = z
  .string()
  .trim()
  .max(255, messageKey("validation:emailTooLong"))
  .pipe(z.email(messageKey("validation:emailInvalid")))
  .transform((value) => value.toLowerCase());

export const PasswordField = z
  .string()
  .min(PASSWORD_MIN, messageKey("validation:passwordTooShort"))
  .max(PASSWORD_MAX, messageKey("validation:passwordTooLong"));

export const FirstNameField = z
  .string()
  .trim()
  .min(2, messageKey("validation:firstNameRequired"))
  .max(50, messageKey("validation:firstNameTooLong"));
export const LastNameField = z
  .string()
  .trim()
  .min(2, messageKey("validation:lastNameRequired"))
  .max(50, messageKey("validation:lastNameTooLong"));

/** The ZIP field keeps digits only, at most 10 of them. */
export function normalizeZipInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 10);
}

export const DEMO_PASSWORD_MIN = 6;

const LoginFields = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email(messageKey("validation:emailInvalid"))),
  password: z.string().min(1, messageKey("validation:passwordRequired")),
  role: z.enum(["care-recipient", "care-provider"]).optional(),
});

// Sign-in for demo accounts needs a password of at least 6 characters.
function checkDemoPassword(data: { email: string; password: string }, ctx: z.RefinementCtx) {
  if (isDemoEmail(data.email) && data.password.length < DEMO_PASSWORD_MIN) {
    ctx.addIssue({ code: "custom", path: ["password"], message: messageKey("validation:demoPasswordTooShort") });
  }
}

export const LoginSchema = LoginFields.superRefine(checkDemoPassword);

/**
 * What the sign-in pages' forms send: the email and password (the form without an intent), the
 * two-factor code of the second step, or a demo account's button.
 */
export const SignInFormSchema = z.discriminatedUnion("intent", [
  LoginFields.extend({ intent: z.literal("password").optional() }).superRefine(checkDemoPassword),
  z.object({ intent: z.literal("two-factor"), email: z.string(), code: z.string() }),
  z.object({ intent: z.literal("demo"), account: z.string() }),
]);
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
    phoneNumber: z
      .string()
      .trim()
      .min(10, messageKey("validation:phoneInvalid"))
      .max(20, messageKey("validation:phoneTooLong")),
    password: PasswordField,
    confirmPassword: z.string(),
    streetAddress: z
      .string()
      .trim()
      .min(5, messageKey("validation:streetRequired"))
      .max(255, messageKey("validation:streetTooLong")),
    city: z
      .string()
      .trim()
      .min(2, messageKey("validation:cityRequired"))
      .max(100, messageKey("validation:cityTooLong")),
    state: z.enum(US_STATE_CODES, messageKey("validation:stateInvalid")),
    zipCode: z
      .string()
      .trim()
      .min(5, messageKey("validation:zipInvalid"))
      .max(10, messageKey("validation:zipTooLong"))
      .regex(/^\d{5,10}$/, messageKey("validation:zipDigits")),
    // Marketing consent defaults to off.
    marketingConsent: formBoolean,
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: messageKey("validation:passwordsDoNotMatch"),
    path: ["confirmPassword"],
  });
export type Registration = z.infer<typeof RegistrationSchema>;

export const ResetPasswordSchema = z
  .object({ token: z.string().optional(), password: PasswordField, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    message: messageKey("validation:passwordsDontMatch"),
    path: ["confirmPassword"],
  });

export const ForgotPasswordSchema = z.object({ email: EmailField });

/** The profile form: first name, last name and email with the registration rules. */
export const ProfileSchema = z.object({ firstName: FirstNameField, lastName: LastNameField, email: EmailField });
export type Profile = z.infer<typeof ProfileSchema>;
/** What a profile save sends: only the fields that changed. */
export const ProfileChangesSchema = ProfileSchema.partial();
export type ProfileChanges = z.infer<typeof ProfileChangesSchema>;
/** The profile's details form as posted: its intent (absent from older pages) and the changed fields. */
export const ProfileDetailsPostSchema = ProfileChangesSchema.extend({ intent: z.literal("details").optional() });
/**
 * The caregiver's photo as posted: whatever is not a file counts as no file (refused as empty when
 * saved); the file itself is judged by its content when saved.
 */
export const ProfileAvatarPostSchema = z.object({
  intent: z.literal("avatar"),
  avatar: z.file().optional().catch(undefined),
});

export type PasswordStrength = "Too Short" | "Good" | "Strong" | "Very Strong";

/**
 * The password meter (docs/product-rules.md, "Accounts and sign-in"): under 8 characters is Too Short; otherwise Good,
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
