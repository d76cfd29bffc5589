import { describe, expect, test } from "vitest";
import { loader } from "./login-redirect";

const visit = (path: string, headers: Record<string, string> = {}) =>
  loader({ request: new Request(`http://127.0.0.1:3000${path}`, { headers }) } as unknown as Parameters<
    typeof loader
  >[0]).headers.get("Location");

describe("/login", () => {
  test("goes to the login page of the app mode, keeping the query", () => {
    expect(visit("/login?redirectTo=%2Fdashboard")).toBe("/login/desktop?redirectTo=%2Fdashboard");
    expect(visit("/login", { cookie: "tendly-mode-override=mobile" })).toBe("/login/pwa");
    expect(visit("/login", { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile" })).toBe(
      "/login/pwa",
    );
  });

  test("a client-side navigation's data request keeps the page's query only", () => {
    expect(visit("/login.data?redirectTo=%2Fdashboard&_routes=routes%2Fauth%2Flogin-redirect")).toBe(
      "/login/desktop?redirectTo=%2Fdashboard",
    );
  });
});
