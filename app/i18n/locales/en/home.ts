// The home screens: the family's dashboard and caregivers, the caregiver's dashboard and clients.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "home",
};
