/** Demo accounts are recognised by their email address (docs/product-rules.md, "Demo accounts and local tools"). */
export const DEMO_EMAIL_SUFFIX = "@demo.tendly.test";

export function isDemoEmail(address: string): boolean {
  return address.trim().toLowerCase().endsWith(DEMO_EMAIL_SUFFIX);
}
