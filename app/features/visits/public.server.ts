// What other features may call of this one on the server (docs/architecture.md, "1. Layers"): the reads,
// locks and services they use. Everything else in this folder is the feature's own.
export { listOpenBackupOffers, type BackupOfferView } from "./backup-offers.server";
export { getCareSettings } from "./care-settings.server";
export { caregiverHomeZone, listCaregiverVisits, type CaregiverVisit } from "./caregiver-visits.server";
export { lockVisit, recordVisitEvent } from "./visit-events.server";
export { countVisitsNeedingAttention } from "./visit-attention.server";
export { addTimeOff, listTimeOff, removeTimeOff, type AddTimeOffResult, type TimeOffPage } from "./time-off.server";
