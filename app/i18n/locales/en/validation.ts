import accountValidation from "./validation/account";
import adminValidation from "./validation/admin";
import onboardingValidation from "./validation/onboarding";
import requestValidation from "./validation/request";

// The validation messages, word for word (docs/product-rules.md, "Accounts and sign-in"): the schemas in
// app/features/*/…schema.ts name them by key (messageKey("validation:emailInvalid")), and the server and
// the forms word the key in the reader's language (i18n/message-text.ts).
export default {
  emailTooLong: "Email too long",
  emailInvalid: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must not exceed 128 characters",
  passwordRequired: "Password is required",
  demoPasswordTooShort: "Password must be at least 6 characters",
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name too long",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name too long",
  phoneInvalid: "Please enter a valid phone number",
  phoneTooLong: "Phone number too long",
  streetRequired: "Street address is required",
  streetTooLong: "Address too long",
  cityRequired: "City is required",
  cityTooLong: "City name too long",
  stateInvalid: "Please select a valid state",
  zipInvalid: "Please enter a valid ZIP code",
  zipTooLong: "ZIP code too long",
  zipDigits: "ZIP code must be 5-10 numbers",
  passwordsDoNotMatch: "Passwords do not match",
  passwordsDontMatch: "Passwords don't match",
  fieldRequired: "This field is required",
  fieldInvalid: "This value is not valid",
  // Each area's schemas keep theirs in a file of their own.
  account: accountValidation,
  admin: adminValidation,
  onboarding: onboardingValidation,
  request: requestValidation,
} as const;
