// Cross-site request forgery guard for every form post and API call. Browsers
// send `Origin` on POSTs and `Sec-Fetch-Site` on every request; a state-changing
// request that either header marks as coming from another site is refused,
// whether or not the route signs anyone in (registration, contact forms...).
// Requests without both headers (curl, server-to-server) carry no ambient
// browser credentials and pass.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type RequestOriginFacts = {
  method: string;
  origin?: string | null;
  secFetchSite?: string | null;
};

export function isCrossSiteWrite(request: RequestOriginFacts, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.secFetchSite === "cross-site" || request.secFetchSite === "same-site") return true;
  if (!request.origin) return false;
  return request.origin !== new URL(appOrigin).origin;
}
