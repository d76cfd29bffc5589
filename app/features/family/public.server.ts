// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export { followedRecipients, orderAccess, recipientAccess } from "./access.server";
