import { ErrorFallback } from "~/components/error-fallback";
import { metaT } from "~/i18n/react";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "common")("errors.notFoundTitle") }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorFallback status={404} />;
}
