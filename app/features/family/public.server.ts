// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export {
  familyOfOrder,
  familyRecipientsOfOrder,
  followedRecipients,
  orderAccess,
  recipientAccess,
  type FamilyPerson,
  type FamilyRecipient,
} from "./access.server";
