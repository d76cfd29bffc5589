import { z } from "zod";
import { readCookie } from "./cookies";

// A one-time toast carried across a redirect in a short-lived cookie, shown by
// the root component and cleared by the next response.
export const TOAST_COOKIE = "tendly-toast";

const ToastSchema = z.object({
  type: z.enum(["success", "error", "info", "warning"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

export function toastCookie(toast: Toast): string {
  return `${TOAST_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`;
}

export function readToast(request: Request): { toast: Toast | null; clearCookie: string | null } {
  const raw = readCookie(request.headers.get("cookie"), TOAST_COOKIE);
  if (!raw) return { toast: null, clearCookie: null };
  const clearCookie = `${TOAST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(raw));
    return { toast: parsed.success ? parsed.data : null, clearCookie };
  } catch {
    return { toast: null, clearCookie };
  }
}
