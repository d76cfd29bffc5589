import { requireRole } from "~/auth/session.server";
import { AreaLayout } from "~/components/area-layout";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["client"]);
  return null;
}

export default function ClientArea() {
  return <AreaLayout area="client" />;
}
