// Feedback: the family's stars, comment and tags, their moderation and the reviews on public profiles.
// English is the reference; texts the product spec gives stay word for word.
export default {
  heading: "reviews",
};
