import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Where a form of ours may lead: our own actions, and Stripe's hosted payout onboarding, which a
 * caregiver's "Set up payouts" redirects to. Browsers hold a form's redirects to form-action too, so
 * without it the button did nothing until the page's JavaScript had loaded.
 */
const STRIPE_ONBOARDING_ORIGIN = "https://connect.stripe.com";

const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * Security headers for every response. The content security policy allows our
 * own origin, the card payment provider (Stripe) and the map tiles, nothing
 * else; inline scripts need the per-request nonce.
 */
export function securityHeaders(options: {
  isProduction: boolean;
  isHttps: boolean;
  mapTileUrl: string;
  /** Stripe's API when it is not Stripe's own (the tests' stand-in), whose onboarding pages it serves. */
  stripeApiBase?: string | undefined;
}): RequestHandler {
  const tileOrigin = new URL(options.mapTileUrl.replace(/\{[a-z]\}/g, "a")).origin;
  const tileHosts = [tileOrigin, tileOrigin.replace("://tile.", "://*.tile.")];
  // Vite's dev server injects inline scripts and uses a websocket for HMR.
  const devScript = options.isProduction ? [] : ["'unsafe-inline'"];
  const onboardingOrigin = options.stripeApiBase ? new URL(options.stripeApiBase).origin : STRIPE_ONBOARDING_ORIGIN;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...(options.isProduction ? [nonce] : devScript), "https://js.stripe.com"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...tileHosts],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", "https://api.stripe.com", ...(options.isProduction ? [] : ["ws:", "wss:"])],
        "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
        "media-src": ["'self'", "blob:"],
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", onboardingOrigin],
        "frame-ancestors": ["'none'"],
        // Upgrading on plain-http loopback would break every asset.
        ...(options.isHttps ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    xContentTypeOptions: true,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
  });
}
