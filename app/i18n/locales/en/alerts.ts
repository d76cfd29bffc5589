// Late and missed visits, backup caregivers, late cancellations and the care-delivery settings.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "alerts",
};
