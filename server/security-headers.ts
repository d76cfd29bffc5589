import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers for every response. The content security policy allows our
 * own origin, the card payment provider (Stripe) and the map tiles, nothing
 * else; inline scripts need the per-request nonce.
 */
const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;

export function securityHeaders(options: {
  isProduction: boolean;
  isHttps: boolean;
  mapTileUrl: string;
}): RequestHandler {
  const tileOrigin = new URL(options.mapTileUrl.replace(/\{[a-z]\}/g, "a")).origin;
  const tileHosts = [tileOrigin, tileOrigin.replace("://tile.", "://*.tile.")];
  // Vite's dev server injects inline scripts and uses a websocket for HMR.
  const devScript = options.isProduction ? [] : ["'unsafe-inline'"];
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
        "form-action": ["'self'"],
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
