// What other features may call of this one on the server (docs/architecture.md, "1. Layers"): the reads,
// locks and services they use. Everything else in this folder is the feature's own.
export { countUnreadMessages, unreadMessagesSql } from "./count-unread.server";
export { countSupportConversationsWaiting } from "./list-conversations.server";
