// What other features may use of this one (docs/architecture.md, "1. Layers").
export {
  alertLink,
  assertCanFollow,
  assertCanManage,
  canFollow,
  canManage,
  FAMILY_ROLES,
  INVITATION_LIFETIME_MS,
  type FamilyAccess,
  type FamilyRole,
} from "./family";
