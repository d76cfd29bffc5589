// The account schemas' messages, named by key ("validation:account.…") by features/accounts/two-factor.ts.
// The profile form shares the registration rules' messages (the top level of validation.ts).
export default {
  /** features/accounts/two-factor.ts TwoFactorCodeSchema. */
  twoFactorCodeInvalid: "Enter the 6-digit code from your authenticator app",
} as const;
