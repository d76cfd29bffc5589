// Visit notes: what the caregiver records after a visit, and the family's timeline of them.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "notes",
};
