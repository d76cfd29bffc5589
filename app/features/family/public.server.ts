// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export {
  familyOfOrder,
  followedRecipients,
  followersOfOrders,
  orderAccess,
  recipientAccess,
  type FamilyPerson,
  type OrderFollower,
} from "./access.server";
