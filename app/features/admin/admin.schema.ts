import { z } from "zod";
import { EmailField, FirstNameField, LastNameField, PasswordField } from "~/features/accounts/public";
import { messageKey } from "~/i18n/message-keys";
import { listParamsSchema, optionalFilter } from "~/utils/list-params";
import { ROLES } from "~/utils/roles";

// Forms of the admin area. The field rules and messages are the account
// forms' (docs/product-rules.md, "Accounts and sign-in"), shared from accounts.schema.ts.

export const InviteAdminSchema = z.object({ email: EmailField });

/** The users page's forms, told apart by their intent: the invite, and revoking a pending one. */
export const InviteAdminFormSchema = InviteAdminSchema.extend({ intent: z.literal("invite") });
export const RevokeAdminInviteSchema = z.object({ intent: z.literal("revoke"), inviteId: z.string() });
export const AdminUsersActionSchema = z.discriminatedUnion("intent", [InviteAdminFormSchema, RevokeAdminInviteSchema]);

/** An invite token: 32 random bytes, base64url (43 characters). */
export const InviteTokenField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, messageKey("validation:admin.inviteLinkInvalid"));

const NewAdminFields = z.object({
  token: InviteTokenField,
  firstName: FirstNameField,
  lastName: LastNameField,
  password: PasswordField,
  confirmPassword: z.string(),
});

const passwordsMatch = (data: { password: string; confirmPassword: string }) => data.password === data.confirmPassword;
const passwordsDoNotMatch = { message: messageKey("validation:passwordsDoNotMatch"), path: ["confirmPassword"] };

export const AcceptInviteSchema = NewAdminFields.refine(passwordsMatch, passwordsDoNotMatch);

/** Accepting with an account that already exists: its password proves ownership. */
export const AcceptInviteWithAccountSchema = z.object({
  token: InviteTokenField,
  password: z.string().min(1, messageKey("validation:passwordRequired")),
});

export const AddAdminAccessFormSchema = AcceptInviteWithAccountSchema.extend({ intent: z.literal("add-admin-access") });

/**
 * The invite page's two forms: a new administrator's account (sent with no intent), or admin
 * access added to an account that exists (intent "add-admin-access", its button's value).
 */
export const AcceptInviteFormSchema = z.discriminatedUnion("intent", [
  NewAdminFields.extend({ intent: z.undefined().optional() }).refine(passwordsMatch, passwordsDoNotMatch),
  AddAdminAccessFormSchema,
]);

export const USERS_PAGE_SIZE = 20;

export const USER_SORTS = ["created", "name", "email"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** /admin/users' URL: the list kit's parameters and a role (docs/decisions/0040-admin-lists-and-audit-log.md). */
export const UsersQuerySchema = listParamsSchema({
  sorts: USER_SORTS,
  defaultSort: "created",
  defaultDir: "desc",
  perPage: USERS_PAGE_SIZE,
  filters: { role: optionalFilter(ROLES) },
});
