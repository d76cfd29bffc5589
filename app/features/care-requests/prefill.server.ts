import { eq } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { clientProfiles } from "~/platform/db/schema";
import type { CareRequestDraft } from "./care-request.schema";

/**
 * What the wizard can fill in for a signed-in client from their own profile:
 * their name, phone, street address and ZIP code (they often ask for
 * themselves or for someone living with them). Only the actor's own profile.
 */
export async function getCareRequestPrefill({
  actor,
}: {
  actor: Pick<CurrentUser, "id" | "name">;
}): Promise<Partial<CareRequestDraft["data"]>> {
  const [profile] = await db
    .select({
      phoneNumber: clientProfiles.phoneNumber,
      streetAddress: clientProfiles.streetAddress,
      zipCode: clientProfiles.zipCode,
    })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, actor.id))
    .limit(1);
  return {
    fullName: actor.name,
    ...(profile?.phoneNumber ? { phoneNumber: profile.phoneNumber } : {}),
    ...(profile?.streetAddress ? { streetAddress: profile.streetAddress } : {}),
    ...(profile?.zipCode ? { zipCode: profile.zipCode } : {}),
  };
}
