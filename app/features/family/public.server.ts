// What other features may call of this one on the server (docs/architecture.md, "1. Layers").
export { orderAccess, recipientAccess } from "./access.server";
