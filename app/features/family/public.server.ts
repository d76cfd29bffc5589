// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export {
  familyOfOrder,
  familyRecipientsOfOrder,
  followedOrderIds,
  followedRecipients,
  isFamilyOrder,
  followersOfOrders,
  followRoleInOrders,
  orderAccess,
  recipientAccess,
  type FamilyAudience,
  type FamilyPerson,
  type FamilyRecipient,
  type OrderFollower,
} from "./access.server";
