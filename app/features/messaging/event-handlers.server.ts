import { on } from "~/platform/events/domain-events.server";
import { openCareConversation } from "./open-care-conversation.server";

// What messaging does when something happens elsewhere (docs/decisions/0035-domain-events.md), in
// the publisher's transaction.

export const messagingEventHandlers = [
  // The family and the caregiver of a confirmed order get their conversation.
  on("order.confirmed", (tx, { orderId, clientId, caregiverId }) =>
    openCareConversation(tx, { clientId, caregiverId, orderId }),
  ),
];
