import { data, isRouteErrorResponse, redirect } from "react-router";
import { blockedCaregiverStatus, currentUserContext, roleGuard } from "~/platform/auth/guards.server";
import { AreaLayout } from "~/components/area-layout";
import { CaregiverStatusScreen } from "~/components/caregiver-status-screen";
import { ErrorFallback, logBoundaryError } from "~/components/error-fallback";
import { stepAt, stepPath } from "~/features/caregiver-onboarding/application";
import { unfinishedApplicationStep } from "~/features/caregiver-onboarding/application.server";
import type { Route } from "./+types/layout";
import { useOutboxSync } from "~/components/caregiver/use-outbox-sync";
import { openKeptDayWithNoSignal } from "~/client/caregiver-day";
import { caregiverStatusRefusal, type CaregiverStatusRefusal } from "~/components/shell";
import { loadShell } from "~/root.server";

// The caregiver area (docs/product-rules.md, "Areas, roles and redirects") is for caregivers, and pending or
// suspended caregivers get their status screen instead of any /caregiver
// page; a caregiver who has not submitted their application yet goes back to
// it. The checks run before any loader or action of the area.
export const middleware: Route.MiddlewareFunction[] = [
  roleGuard(["caregiver"]),
  async ({ request, context }) => {
    const user = context.get(currentUserContext);
    const status = blockedCaregiverStatus(user);
    if (!status) return;
    const unfinished = status === "pending" ? await unfinishedApplicationStep(user.id) : null;
    if (unfinished !== null) throw redirect(stepPath(stepAt(unfinished)));
    const refusal: CaregiverStatusRefusal = { refusal: "caregiver-status", status, shell: loadShell(request, user) };
    throw data(refusal, { status: 403 });
  },
];

// With no connection, a move to the home or the schedule opens the copy kept on the phone
// (docs/architecture.md, "Opening the caregiver's day with no signal").
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [openKeptDayWithNoSignal];

// Keeps a server round trip, and so the middleware, on every client-side
// navigation into the area, even to screens without a loader of their own.
export function loader({ context }: Route.LoaderArgs) {
  return { userId: context.get(currentUserContext).id };
}

export default function CaregiverArea({ loaderData }: Route.ComponentProps) {
  // Check-ins and check-outs saved on the phone with no signal go out from any caregiver page.
  useOutboxSync(loaderData.userId);
  return <AreaLayout area="caregiver" />;
}

// A refusal of a data request (client-side navigation or form) lands here;
// one of a document request is rendered by the root's boundary.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refusal = caregiverStatusRefusal(error);
  if (refusal) return <CaregiverStatusScreen status={refusal.status} contact={refusal.shell.contact} />;
  logBoundaryError(error);
  return <ErrorFallback status={isRouteErrorResponse(error) ? error.status : 500} />;
}
