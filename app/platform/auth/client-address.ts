/** The header our HTTP host fills with the client's address (see server/app.ts). */
export const CLIENT_IP_HEADER = "x-tendly-client-ip";

/** The client address of a request, as our host determined it (never a client-sent header). */
export function clientAddress(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER);
}
