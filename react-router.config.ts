import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Every route is known from the first load (docs/decisions/0015-routes-known-offline.md): a page
  // can then move to another with no connection, which lazy discovery (a /__manifest request per
  // new path) cannot.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
