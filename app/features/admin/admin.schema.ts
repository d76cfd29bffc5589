import { z } from "zod";
import { EmailField, FirstNameField, LastNameField, PasswordField } from "~/features/accounts/public";
import { messageKey } from "~/i18n/message-keys";

// Forms of the admin area. The field rules and messages are the account
// forms' (docs/product-rules.md, "Accounts and sign-in"), shared from accounts.schema.ts.

export const InviteAdminSchema = z.object({ email: EmailField });

/** An invite token: 32 random bytes, base64url (43 characters). */
export const InviteTokenField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, messageKey("validation:admin.inviteLinkInvalid"));

export const AcceptInviteSchema = z
  .object({
    token: InviteTokenField,
    firstName: FirstNameField,
    lastName: LastNameField,
    password: PasswordField,
    confirmPassword: z.string(),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: messageKey("validation:passwordsDoNotMatch"),
    path: ["confirmPassword"],
  });

/** Accepting with an account that already exists: its password proves ownership. */
export const AcceptInviteWithAccountSchema = z.object({
  token: InviteTokenField,
  password: z.string().min(1, messageKey("validation:passwordRequired")),
});

export const USERS_PAGE_SIZE = 20;

export const UsersQuerySchema = z.object({
  q: z.string().trim().max(255).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
