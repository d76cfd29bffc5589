import { on } from "~/platform/events/domain-events.server";
import { publishAdminAttention } from "~/platform/realtime/publish.server";

// What the admin home hears of other features' events (docs/decisions/0035-domain-events.md): a visit checked in
// or out, or its times corrected, may open or close an EVV exception; an invoice issued brings the caregiver's
// earnings to pay. Each tells the administrators' open homes to read their counts again
// (docs/product-rules.md, "The admin's home").

export const adminEventHandlers = [
  on("visit.checked_in", (tx) => publishAdminAttention(tx, "evv")),
  on("visit.checked_out", (tx) => publishAdminAttention(tx, "evv")),
  on("visit.times_corrected", (tx) => publishAdminAttention(tx, "evv")),
  on("invoice.issued", (tx) => publishAdminAttention(tx, "payouts")),
];
