import { z } from "zod";
import { EmailField } from "~/features/accounts/public";
import { FAMILY_ROLES } from "~/platform/db/schema";

// The forms of /dashboard/family and /dashboard/family/join (docs/product-rules.md, "Family circle"), told apart by
// their intent.

const Id = z.string().trim().min(1).max(64);
const Role = z.enum(FAMILY_ROLES);

export const FamilyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), careRecipientId: Id, email: EmailField, role: Role }),
  z.object({ intent: z.literal("resend"), invitationId: Id }),
  z.object({ intent: z.literal("revoke"), invitationId: Id }),
  z.object({ intent: z.literal("changeRole"), memberId: Id, role: Role }),
  z.object({ intent: z.literal("remove"), memberId: Id }),
  z.object({ intent: z.literal("leave"), careRecipientId: Id }),
  z.object({ intent: z.literal("accept"), invitationId: Id }),
]);

export const FamilyJoinSchema = z.object({ token: z.string().trim().min(1).max(200) });
