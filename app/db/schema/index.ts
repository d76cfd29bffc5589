export * from "./audit";
export * from "./care";
export * from "./caregivers";
export * from "./users";
export * from "./security";
export * from "./onboarding";
export * from "./support";
export * from "./delivery";
