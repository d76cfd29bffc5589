import { z } from "zod";
import { messageKey } from "~/i18n/message-keys";
import { SERVICE_IDS } from "~/utils/services";
import { DISTANCE_CHOICES } from "./public-profile";

// The directory's query string (kept apart from public-profile.ts so that
// pages showing caregiver cards do not ship zod to the browser).

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Anything unusable falls back to "no filter" rather than an error page; a malformed ZIP code is reported. */
export const DirectoryQuerySchema = z.object({
  service: z.preprocess(emptyToUndefined, z.enum(SERVICE_IDS).optional()).catch(undefined),
  language: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z]{2}$/)
        .optional(),
    )
    .catch(undefined),
  zip: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, messageKey("public:providers.zipFormat"))
      .optional(),
  ),
  miles: z.coerce
    .number()
    .pipe(z.union(DISTANCE_CHOICES.map((n) => z.literal(n))))
    .catch(25),
  sort: z.enum(["rating", "distance"]).catch("rating"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;
