import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import type { OrderRow } from "./order-transitions.server";

// The admin's audit writes on orders, into audit_events (through
// recordSecurityEvent, which never throws): reading a request's health
// details, offering an order to a caregiver by hand, cancelling.

type AuditedOrder = Pick<OrderRow, "id" | "orderNumber">;

/** An admin opened an order: its request's health details were shown (admin_data_access). */
export async function recordAdminOrderRead({
  adminId,
  order,
  request,
}: {
  adminId: string;
  order: AuditedOrder;
  /** The page request, for the event's address and user agent. */
  request?: Request;
}): Promise<void> {
  await recordSecurityEvent({
    type: "admin_data_access",
    userId: adminId,
    category: "admin",
    request,
    metadata: { resource: "care_request", orderId: order.id, orderNumber: order.orderNumber, fields: ["health"] },
  });
}

/**
 * An admin offered the order to a caregiver by hand (order_assigned): with the reason they gave and the
 * matching rules the caregiver misses (an override when there are any).
 */
export async function recordOrderAssigned({
  adminId,
  order,
  caregiverId,
  reason,
  overriddenRules,
  request,
}: {
  adminId: string;
  order: AuditedOrder;
  caregiverId: string;
  reason: string;
  overriddenRules: string[];
  request?: Request;
}): Promise<void> {
  await recordSecurityEvent({
    type: "order_assigned",
    userId: adminId,
    category: "admin",
    request,
    metadata: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      caregiverId,
      reason,
      isOverride: overriddenRules.length > 0,
      overriddenRules,
    },
  });
}

/** An admin cancelled an order (order_cancelled_by_admin). */
export async function recordOrderCancelledByAdmin({
  adminId,
  order,
  reason,
  request,
}: {
  adminId: string;
  order: AuditedOrder;
  reason: string;
  request?: Request;
}): Promise<void> {
  await recordSecurityEvent({
    type: "order_cancelled_by_admin",
    userId: adminId,
    category: "admin",
    request,
    metadata: { orderId: order.id, orderNumber: order.orderNumber, reason },
  });
}
