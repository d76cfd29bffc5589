import { currentUserContext } from "~/platform/auth/guards.server";
import type { Route } from "./+types/document-upload";
import { documentsAction } from "./documents.server";

// Where the documents page sends a file when it shows the upload's progress (components/upload-progress.tsx):
// the page's own answers, as JSON. Without JavaScript the form posts to the page itself.
export async function action({ request, context }: Route.ActionArgs) {
  const { body, status } = await documentsAction(context.get(currentUserContext), request);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
