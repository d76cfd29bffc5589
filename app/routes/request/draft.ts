import { data } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { clearCareRequestDraft, saveCareRequestDraft } from "~/features/care-requests/drafts.server";
import { readDraft } from "~/features/care-requests/wizard";
import { getServerT } from "~/i18n/i18n.server";
import type { Route } from "./+types/draft";
import { parseForm } from "~/utils/form-data.server";
import { DraftPostSchema } from "~/features/care-requests/care-request.schema";

// The wizard saves a signed-in client's draft here as it changes (and clears
// it on Start over), so that it follows them to another device.

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["client"]);
  const submission = await parseForm(request, DraftPostSchema);
  const notADraft = () => data(getServerT(request, "request", user.locale).t("draft.notADraft"), 400);
  if (submission.status !== "success") throw notADraft();
  if (submission.value.intent === "clear") {
    await clearCareRequestDraft({ actor: user });
    return { status: "cleared" as const };
  }
  let draft = null;
  try {
    draft = readDraft(JSON.parse(submission.value.draft));
  } catch {
    draft = null;
  }
  if (!draft) throw notADraft();
  await saveCareRequestDraft({ actor: user, draft });
  return { status: "saved" as const };
}

export function loader({ request }: Route.LoaderArgs) {
  throw data(getServerT(request, "request").t("draft.notFound"), 404);
}
