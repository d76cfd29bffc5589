import { ErrorFallback } from "~/components/error-fallback";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Tendly" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorFallback status={404} />;
}
