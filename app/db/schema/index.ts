export * from "./audit";
export * from "./caregivers";
export * from "./users";
export * from "./security";
export * from "./support";
