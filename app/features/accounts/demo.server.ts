import { isDemoAvailable } from "~/platform/auth/demo-access.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/platform/db/seed/seed.server";
import { DEMO_LABELS, type DemoAccount, type SignInPage } from "./sign-in";

// The demo buttons of the sign-in pages, offered only where demo accounts
// are available to the request (app/platform/auth/demo-access.server.ts).

/** The demo accounts offered on a sign-in page. */
export function demoAccountsFor(page: SignInPage, request: Request): DemoAccount[] {
  if (!isDemoAvailable(request)) return [];
  const accounts = DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email, label: DEMO_LABELS[role] }));
  return page === "admin" ? accounts.filter((account) => account.role === "admin") : accounts;
}

/** The credentials behind a demo button, or null when demo accounts are not available here or the role is unknown. */
export function demoCredentials(role: string, request: Request): { email: string; password: string } | null {
  if (!isDemoAvailable(request)) return null;
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  return account ? { email: account.email, password: DEMO_PASSWORD } : null;
}
