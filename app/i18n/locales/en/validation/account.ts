// The account schemas' messages, word for word as the schemas give them: forms find a
// message's key by its English text (i18n/react.tsx translateValidation).
// The profile form shares the registration rules' messages (the top level of validation.ts).
export default {
  /** features/accounts/two-factor.ts TwoFactorCodeSchema. */
  twoFactorCodeInvalid: "Enter the 6-digit code from your authenticator app",
} as const;
