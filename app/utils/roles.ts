// The three roles of Tendly; a user may hold several (user_roles).
export const ROLES = ["client", "caregiver", "admin"] as const;
export type Role = (typeof ROLES)[number];
