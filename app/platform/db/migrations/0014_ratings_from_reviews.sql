-- A caregiver's rating is only what families' reviews say (docs/product-rules.md, "Feedback"). Databases
-- seeded before that rule hold demo ratings with no review behind them: every rating becomes the
-- average (two decimals) and count of the caregiver's reviews, as refreshCaregiverRating computes it,
-- and a caregiver with no review has none.
UPDATE "caregiver_profiles" AS cp
SET "rating_avg" = r.avg, "rating_count" = r.count
FROM (
  SELECT p."user_id",
    round(avg(rv."rating")::numeric, 2) AS avg,
    count(rv."id")::int AS count
  FROM "caregiver_profiles" p
  LEFT JOIN "reviews" rv ON rv."caregiver_id" = p."user_id"
  GROUP BY p."user_id"
) AS r
WHERE r."user_id" = cp."user_id"
  AND (cp."rating_count" IS DISTINCT FROM r.count OR cp."rating_avg" IS DISTINCT FROM r.avg);
