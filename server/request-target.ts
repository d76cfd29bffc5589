import type { RequestHandler } from "express";

// @react-router/express builds each request's URL as
// `${req.protocol}://${req.hostname}:port${req.originalUrl}`
// (node_modules/@react-router/express/dist/index.js, createRemixRequest).
// With a trusted proxy (TRUST_PROXY) Express takes the protocol and host from
// X-Forwarded-Proto and X-Forwarded-Host, else from the connection and Host.
// `new URL` throws on a host such as "ev il<>", which would answer 500; such
// requests are refused here with 400 instead.

const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const PROTOCOL = /^https?$/i;

function isValidHost(value: string): boolean {
  return value.length <= 255 && HOST.test(value) && URL.canParse(`http://${value}/`);
}

function listItems(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((item) => item.trim());
}

/** Why the request's URL cannot be built, or undefined when it can. */
export function malformedTargetReason(input: {
  url: string;
  host: string | undefined;
  forwardedHost: string | string[] | undefined;
  forwardedProto: string | string[] | undefined;
  isProxyTrusted: boolean;
}): string | undefined {
  // Origin-form only ("/path?query"); absolute-form and "*" are for proxies.
  if (!input.url.startsWith("/")) return "The request target must be a path.";
  if (input.host !== undefined && !isValidHost(input.host)) return "The Host header is not a valid host name.";
  if (!input.isProxyTrusted) return undefined;
  if (!listItems(input.forwardedHost).every(isValidHost))
    return "The X-Forwarded-Host header is not a valid host name.";
  if (!listItems(input.forwardedProto).every((item) => PROTOCOL.test(item)))
    return "The X-Forwarded-Proto header must be http or https.";
  return undefined;
}

export function requestTargetCheck(): RequestHandler {
  return (req, res, next) => {
    const reason = malformedTargetReason({
      url: req.url,
      host: req.headers.host,
      forwardedHost: req.headers["x-forwarded-host"],
      forwardedProto: req.headers["x-forwarded-proto"],
      isProxyTrusted: req.app.enabled("trust proxy"),
    });
    if (!reason) return next();
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send(reason);
  };
}
