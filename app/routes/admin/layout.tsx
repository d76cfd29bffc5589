import { requireRole } from "~/auth/session.server";
import { AreaLayout } from "~/components/area-layout";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return null;
}

export default function AdminArea() {
  return <AreaLayout area="admin" />;
}
