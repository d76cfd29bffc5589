import { z } from "zod";

// The family's caregivers page (spec 2.4): the preferred mark's button posts the caregiver's slug and
// whether to mark or unmark them. Its only refusal is "not found", worded by the route.

export const PreferredCaregiverSchema = z.object({
  intent: z.enum(["prefer", "unprefer"]),
  caregiver: z.string().trim().min(1).max(120),
});
