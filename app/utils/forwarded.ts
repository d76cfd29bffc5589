// Headers that a reverse proxy adds to what it forwards. A browser talking to
// the server directly never sends them; a request that carries one came
// through a proxy (or pretends to), so it is not from this machine's own user.
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

export function arrivedThroughProxy(request: Request): boolean {
  return PROXY_HEADERS.some((name) => request.headers.has(name));
}
