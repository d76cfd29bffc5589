import { isDemoEmail } from "~/utils/demo-accounts";
import { getEnv } from "~/utils/env.server";
import { arrivedThroughProxy } from "~/utils/forwarded";

// Demo accounts are a local trial, never a door (docs/decisions/0010). They
// work only while demo mode is on (env.demo); in a local trial, which nobody
// announced as public, a request that came through a proxy is from elsewhere
// and is treated as if demo mode were off.

/** Whether demo accounts may be offered to, and used by, this request. */
export function isDemoAvailable(request: Request): boolean {
  const { demo } = getEnv();
  if (!demo.enabled) return false;
  return demo.public || !arrivedThroughProxy(request);
}

/** A demo account that this request must not use: demo mode is off, or a local trial is reached from outside. */
export function isRefusedDemoAccount(email: string, request: Request): boolean {
  return isDemoEmail(email) && !isDemoAvailable(request);
}
