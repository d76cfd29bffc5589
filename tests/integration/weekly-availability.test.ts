import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { caregiverAvailability, caregiverProfiles } from "~/platform/db/schema";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear } from "./care-loop-helpers";

const setup = useAuthTestSetup();

async function weeklyAvailability(caregiverId: string) {
  const [row] = await setup.db
    .select({ ranges: caregiverProfiles.weeklyAvailability })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  return row?.ranges;
}

async function covers(caregiverId: string, windows: string) {
  const [row] = await setup.db
    .select({ covered: sql<boolean>`${caregiverProfiles.weeklyAvailability} @> ${windows}::int4multirange` })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  return row?.covered;
}

// Matching reads a caregiver's weekly availability from the profile row as minute-of-week ranges
// (Monday 00:00 = 0); triggers on caregiver_availability keep it equal to the weekly grid.
describe("caregiver_profiles.weekly_availability", () => {
  test("follows every insert, update and delete of the weekly grid", async () => {
    const caregiver = await caregiverNear(setup.db, {
      availability: [{ weekday: 0, startMinute: 540, endMinute: 1020 }],
    });
    expect(await weeklyAvailability(caregiver.id)).toBe("{[540,1020)}");

    // Tuesday 08:00-12:00 and 12:00-17:00 are one stretch: a 10:00-14:00 visit fits.
    await setup.db.insert(caregiverAvailability).values([
      { caregiverId: caregiver.id, weekday: 1, startMinute: 480, endMinute: 720 },
      { caregiverId: caregiver.id, weekday: 1, startMinute: 720, endMinute: 1020 },
    ]);
    expect(await weeklyAvailability(caregiver.id)).toBe("{[540,1020),[1920,2460)}");
    expect(await covers(caregiver.id, "{[2040,2280)}")).toBe(true);
    // Monday and Tuesday mornings both, but not a Monday evening.
    expect(await covers(caregiver.id, "{[600,780),[2040,2280)}")).toBe(true);
    expect(await covers(caregiver.id, "{[600,780),[1080,1200)}")).toBe(false);

    await setup.db
      .update(caregiverAvailability)
      .set({ endMinute: 1200 })
      .where(eq(caregiverAvailability.caregiverId, caregiver.id));
    expect(await covers(caregiver.id, "{[600,780),[1080,1200)}")).toBe(true);

    await setup.db
      .delete(caregiverAvailability)
      .where(sql`${caregiverAvailability.caregiverId} = ${caregiver.id} and ${caregiverAvailability.weekday} = 1`);
    expect(await weeklyAvailability(caregiver.id)).toBe("{[540,1200)}");

    await setup.db.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, caregiver.id));
    expect(await weeklyAvailability(caregiver.id)).toBe("{}");
    // An empty week holds no window at all.
    expect(await covers(caregiver.id, "{[600,780)}")).toBe(false);
  });

  test("changes only the caregivers a statement touched", async () => {
    const first = await caregiverNear(setup.db, { availability: [{ weekday: 2, startMinute: 480, endMinute: 600 }] });
    const second = await caregiverNear(setup.db, { availability: [{ weekday: 3, startMinute: 480, endMinute: 600 }] });
    await setup.db.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, first.id));
    expect(await weeklyAvailability(first.id)).toBe("{}");
    expect(await weeklyAvailability(second.id)).toBe("{[4800,4920)}");
  });
});
