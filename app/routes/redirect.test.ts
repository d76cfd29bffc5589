import { describe, expect, test } from "vitest";
import { loader, redirectTarget } from "./redirect";

const target = (path: string) => redirectTarget(new URL(path, "http://127.0.0.1:3000"));

describe("redirectTarget", () => {
  test("maps the fixed redirects of the URL map", () => {
    expect(target("/home")).toBe("/");
    expect(target("/home/")).toBe("/");
    expect(target("/auth")).toBe("/login");
    expect(target("/auth/sign-in")).toBe("/login");
    expect(target("/signup")).toBe("/register");
    expect(target("/caregiver-registration")).toBe("/register/caregiver/personal-info");
    expect(target("/register/caregiver")).toBe("/register/caregiver/personal-info");
    expect(target("/register/caregiver/")).toBe("/register/caregiver/personal-info");
    expect(target("/request")).toBe("/request/client-info");
    expect(target("/request-care")).toBe("/request/client-info");
    expect(target("/find-care")).toBe("/request/client-info");
  });

  test("keeps the query string", () => {
    expect(target("/find-care?zip=60614&service=companionship")).toBe(
      "/request/client-info?zip=60614&service=companionship",
    );
    expect(target("/home?utm_source=mail")).toBe("/?utm_source=mail");
  });

  test.each(["/", "/homes", "/authors", "/signups", "/register", "/request/schedule", "/find-care/x"])(
    "leaves %s alone",
    (path) => {
      expect(target(path)).toBeUndefined();
    },
  );
});

const args = (path: string) =>
  ({ request: new Request(`http://127.0.0.1:3000${path}`) }) as unknown as Parameters<typeof loader>[0];

describe("loader", () => {
  test("answers a redirect to the target", () => {
    const response = loader(args("/signup?ref=nav"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/register?ref=nav");
  });

  test("also for a client-side navigation, which asks for the page's .data URL", () => {
    const response = loader(args("/find-care.data?zip=60614&_routes=routes%2Fredirect"));
    expect(response.headers.get("Location")).toBe("/request/client-info?zip=60614");
  });

  test("answers 404 for a path without a redirect", () => {
    let thrown: unknown;
    try {
      loader(args("/not-a-redirect"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
