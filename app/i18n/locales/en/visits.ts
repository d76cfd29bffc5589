// Visits on the caregiver's side: check-in and check-out (also offline), the schedule and the calendar feed.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "visits",
};
