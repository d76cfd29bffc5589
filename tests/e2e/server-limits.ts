// Limits the end-to-end server is started with (playwright.config.ts), so
// that tests can reach them in a few steps.

/** SIGN_UPS_PER_ADDRESS_PER_HOUR of the end-to-end server. */
export const E2E_SIGN_UPS_PER_ADDRESS = 5;
