import { data } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { clearCareRequestDraft, saveCareRequestDraft } from "~/features/care-requests/drafts.server";
import { readDraft } from "~/features/care-requests/wizard";
import { getServerT } from "~/i18n/i18n.server";
import type { Route } from "./+types/draft";
import { readForm } from "~/utils/form-data.server";

// The wizard saves a signed-in client's draft here as it changes (and clears
// it on Start over), so that it follows them to another device.

/** Far more than a whole request with its longest notes; refuses anything bigger. */
const MAX_DRAFT_CHARS = 40_000;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["client"]);
  const form = await readForm(request);
  if (form.get("intent") === "clear") {
    await clearCareRequestDraft({ actor: user });
    return { status: "cleared" as const };
  }
  const raw = String(form.get("draft") ?? "");
  let draft = null;
  try {
    draft = raw.length <= MAX_DRAFT_CHARS ? readDraft(JSON.parse(raw)) : null;
  } catch {
    draft = null;
  }
  if (!draft) throw data(getServerT(request, "request", user.locale).t("draft.notADraft"), 400);
  await saveCareRequestDraft({ actor: user, draft });
  return { status: "saved" as const };
}

export function loader({ request }: Route.LoaderArgs) {
  throw data(getServerT(request, "request").t("draft.notFound"), 404);
}
