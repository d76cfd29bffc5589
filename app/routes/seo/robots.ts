import { robotsTxt } from "~/features/seo/crawling";
import { getEnv } from "~/utils/env.server";

export function loader() {
  return new Response(robotsTxt(getEnv().appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
