// The onboarding schemas' messages, named by key ("validation:onboarding.…") by
// features/caregiver-onboarding/application.ts and features/caregivers/work-profile.schema.ts.
export default {
  // Background check: authorisation and references.
  backgroundConsentRequired: "Please authorise the background check to continue",
  informationConfirmationRequired: "Please confirm that your answers are true and complete",
  referenceRequired: "Please give a reference",
  referenceNameRequired: "Please enter the reference's full name",
  referenceNameTooLong: "Name too long",
  relationshipRequired: "Please choose how you know this person",
  relationshipTooLong: "Relationship too long",
  contactRequired: "Please enter a phone number or email address",
  contactTooLong: "Contact too long",
  contactInvalid: "Please enter a valid phone number or email address",
  // Availability.
  slotUnknown: "Unknown time slot",
  slotsRequired: "Please choose at least one time you can work",
  travelRadiusRequired: "Please enter how far you can travel, in miles",
  travelRadiusWhole: "Please enter a whole number of miles",
  travelRadiusMin: "Travel radius must be at least 1 mile",
  travelRadiusMax: "Travel radius can be at most 100 miles",
  // Experience.
  yearsRequired: "Please enter your years of experience",
  yearsWhole: "Please enter a whole number of years",
  yearsNegative: "Years of experience cannot be negative",
  yearsMax: "Please enter at most 60 years",
  servicesRequired: "Please choose at least one service",
  languagesRequired: "Please choose at least one language",
  certificationsTooLong: "Certifications too long",
  certificationNameTooLong: "Each certification name can be at most 100 characters",
  bioTooShort: "Please write at least 20 characters about yourself",
  bioTooLong: "About you can be at most 1000 characters",
  bioLanguageRequired: "Please choose the language you wrote it in",
  // The approved caregiver's profile: the hourly rate.
  rateFormat: "Please enter your hourly rate in dollars, such as 24 or 24.50",
  rateRequired: "Please enter your hourly rate",
  rateOutsideBand: "Please enter an hourly rate within the pay band",
} as const;
