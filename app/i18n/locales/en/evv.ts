// Electronic visit verification for admins: the exceptions queue and the CSV export.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "evv",
};
