/** Reads one cookie from a Cookie header (values we set are URL-encoded). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** A preference cookie readable by the page's own script (no secrets in it). */
export function preferenceCookie(name: string, value: string | null): string {
  const maxAge = value === null ? 0 : ONE_YEAR_SECONDS;
  return `${name}=${encodeURIComponent(value ?? "")}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}
