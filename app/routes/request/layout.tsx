import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { isMoveWithinWizard } from "~/utils/chrome-rules";
import { getCurrentUser } from "~/platform/auth/session.server";
import { getCareRequestDraft } from "~/features/care-requests/drafts.server";
import { getCareRequestPrefill } from "~/features/care-requests/prefill.server";
import { listCareRecipients } from "~/features/care-requests/recipients.server";
import { readDraft } from "~/features/care-requests/wizard";
import type { Route } from "./+types/layout";
import { WizardProvider, type WizardViewer } from "~/components/request/wizard";

// The /request wizard (docs/product-rules.md, "Care requests"). Open to everyone: a visitor fills it in and
// signs in or registers at review-submit without losing anything.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return { viewer: null satisfies WizardViewer, serverDraft: null };
  if (!user.roles.includes("client"))
    return { viewer: { role: "other", prefill: {}, recipients: [] } as WizardViewer, serverDraft: null };
  // The family's own saved people only (listCareRecipients is scoped to the actor).
  const [prefill, serverDraft, recipients] = await Promise.all([
    getCareRequestPrefill({ actor: user }),
    getCareRequestDraft({ actor: user }),
    listCareRecipients({ actor: user }),
  ]);
  return { viewer: { role: "client", prefill, recipients } as WizardViewer, serverDraft: readDraft(serverDraft) };
}

export default function RequestWizard({ loaderData }: Route.ComponentProps) {
  return (
    <WizardProvider viewer={loaderData.viewer} serverDraft={loaderData.serverDraft}>
      <Outlet />
    </WizardProvider>
  );
}

// Moving between steps changes nothing on the server. (The draft's background
// saves are not router submissions, so they reload nothing either.)
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formAction && isMoveWithinWizard(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
