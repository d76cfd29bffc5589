// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export { familyOfOrder, followedRecipients, orderAccess, recipientAccess, type FamilyPerson } from "./access.server";
