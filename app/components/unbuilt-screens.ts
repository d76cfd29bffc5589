// The screens that share routes/screen.tsx, by route id; their words are the
// `public` messages `screens.<route id>.title` and `.summary`. Each entry goes
// away when its screen gets a module of its own.
/** `links` lead to pages of the area that already work; `key` is the link's `screens.links.<key>` message. */
export type UnbuiltScreen = { links?: { to: string; key: string }[] };

export const UNBUILT_SCREENS: Record<string, UnbuiltScreen> = {
  "client-documents": {},
  "admin-dashboard": { links: [{ to: "/admin/support", key: "supportMessages" }] },
  "admin-analytics": {},
};
