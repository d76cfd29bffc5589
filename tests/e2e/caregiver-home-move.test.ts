import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { requestVisitMove } from "~/features/visits/visit-moves.server";
import { formatInZone } from "~/utils/datetime";
import { bookedOneVisit, caregiverRequest } from "./booked-visit-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, test, unique } from "./fixtures";

// A family's request to move a visit waits on the caregiver's home as well as on the schedule (docs/product-rules.md,
// "Moving a visit"), answered there the same way. The family books in Dubuque, where no other test does.

test.use(MOBILE);

test("the caregiver's home shows the family's move request and accepts it", async ({ page }) => {
  const tag = unique("Homemove");
  const date = format(addDays(new Date(), 10), "yyyy-MM-dd");
  const { client, caregiver, visit } = await bookedOneVisit({
    zip: "52001",
    date,
    startTime: "09:00",
    endTime: "11:00",
    family: tag,
    main: tag,
  });
  await requestVisitMove({
    actor: { ...client, roles: ["client"] },
    input: { visitId: visit.id, date, startTime: "13:00", durationMinutes: 120 },
  });

  const request = await caregiverRequest(page, {
    email: caregiver.email,
    path: "/caregiver",
    region: "The family asks to move this visit",
  });
  await expect(request).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
  await page.screenshot({ path: "/tmp/shots-family/caregiver-home-move-390.png", fullPage: true });
  await request.getByRole("button", { name: "Accept the new time" }).click();
  await expect(request.getByRole("status")).toHaveText(/^You accepted: the visit is now on /);
  const [moved] = await e2eDatabase().select().from(visits).where(eq(visits.id, visit.id));
  expect(formatInZone(moved!.startsAt, "America/Chicago", "HH:mm")).toBe("13:00");
});
