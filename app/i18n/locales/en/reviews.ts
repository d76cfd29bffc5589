// Feedback: the family's stars, comment and tags, their moderation and the reviews on public profiles.
// English is the reference; texts the product spec gives stay word for word.
export default {
  // The tags' names (features/reviews/review-rules.ts REVIEW_TAG_LABELS).
  tags: {
    punctual: "Punctual",
    kind: "Kind",
    skilled: "Skilled",
    communicative: "Communicative",
  },
  // Each number of stars named, shown beside it on the form.
  ratingWords: {
    "1": "Poor",
    "2": "Fair",
    "3": "Good",
    "4": "Very good",
    "5": "Excellent",
  },
  starsLabel_one: "{{count}} star out of 5",
  starsLabel_other: "{{count}} stars out of 5",
  // The schemas' messages (features/reviews/reviews.schema.ts gives these keys).
  errors: {
    ratingRequired: "Choose from 1 to 5 stars.",
    commentTooLong: "Keep your comment under 2,000 characters.",
    unknownTag: "Choose tags from the list.",
    reasonRequired: "Please say why this comment is hidden.",
    reasonTooLong: "Keep the reason under 500 characters.",
  },
  // The features' refusals (features/reviews/*.server.ts give these keys).
  refusals: {
    notYet: "You can rate this care once a visit has been completed.",
    editClosed: "The time to change this feedback has passed.",
    reviewNotFound: "We could not find this review.",
    alreadyHidden: "This comment is already hidden.",
    notHidden: "This comment is not hidden.",
  },
  feedback: {
    metaTitle: "Rate your care {{orderNumber}}",
    metaTitleFallback: "Rate your care",
    heading: "Rate your care",
    orderLine: "Order {{orderNumber}}",
    backToOrder: "Back to the order",
    backToAppointments: "Back to appointments",
    question: "How was the care from {{name}}?",
    questionNoName: "How was the care?",
    waitingHeading: "Nothing to rate yet",
    waitingBody:
      "You can rate this care once a visit has been completed: after your caregiver checks out of the first visit, come back here to leave your stars, a comment and tags.",
    ratingLegend: "Your rating",
    ratingHint: "Choose from 1 (poor) to 5 (excellent) stars.",
    commentLabel: "Your comment (optional)",
    commentHint:
      "What went well, what could be better. It appears on the caregiver's public profile with your first name and last initial.",
    tagsLegend: "What stood out (optional)",
    send: "Send feedback",
    save: "Save changes",
    sending: "Saving…",
    created: "Thank you! Your feedback was sent.",
    updated: "Your changes were saved.",
    editableUntil: "You can change this feedback until {{date}}.",
    closedHeading: "Your feedback",
    closedNotice:
      "You left this feedback on {{date}}. It could be changed for {{days}} days, so it can no longer be edited.",
    noComment: "No comment.",
    noTags: "No tags.",
    commentHidden:
      "Our team has hidden your comment from the caregiver's public profile. Your stars still count in their rating.",
    yourRating: "Rating",
    yourComment: "Comment",
    yourTags: "Tags",
  },
  // The link on the family's order page.
  orderLink: {
    rate: "Rate this care",
  },
  // The reviews on a caregiver's public profile.
  profile: {
    noWrittenReviews: "No written reviews to show yet.",
    listLabel: "Reviews from families",
    showing: "The {{shown}} most recent of {{count}} reviews.",
    by: "{{name}} · {{date}}",
    byNoName: "A family · {{date}}",
  },
  // The Reviews section of the admin caregiver page.
  admin: {
    heading: "Reviews",
    none: "No reviews yet.",
    order: "Order {{orderNumber}}",
    by: "By {{name}} on {{date}}",
    byNoName: "By a former client on {{date}}",
    edited: "Changed on {{date}}",
    hiddenBy: "Comment hidden by {{name}} on {{date}}: {{reason}}",
    hiddenByFormer: "Comment hidden by a former admin on {{date}}: {{reason}}",
    visible: "Comment visible on the public profile",
    reasonLabel: "Reason for hiding",
    hide: "Hide comment",
    show: "Show comment again",
    saving: "Saving…",
    hidden: "The comment is hidden from the public profile.",
    shown: "The comment is shown on the public profile again.",
    unknownAction: "This action is not known.",
  },
};
