import { and, eq } from "drizzle-orm";
import {
  createStaticHandler,
  type MiddlewareFunction,
  isRouteErrorResponse,
  RouterContextProvider,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { currentUserContext } from "~/platform/auth/guards.server";
import { getCurrentUser, redirectIfSignedIn, requireRole } from "~/platform/auth/session.server";
import { auditEvents, userProfiles } from "~/platform/db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, EXTRA_DEMO_ACCOUNTS, seedDemoData } from "~/platform/db/seed/seed.server";
import * as adminLayout from "~/routes/admin/layout";
import { action as logoutAction } from "~/routes/auth/logout";
import * as caregiverLayout from "~/routes/caregiver/layout";
import * as clientLayout from "~/routes/client/layout";
import { loader as homeLoader } from "~/routes/public/home";
import { caregiverStatusRefusal } from "~/components/shell";
import { useAuthTestSetup } from "./auth-env";
import { signInCookie } from "./accounts-helpers";

// The area guards (route middleware) and the redirect rules (docs/product-rules.md, "Areas, roles and redirects") that
// need a session: run through React Router's own static handler, which runs
// middleware, loaders and actions exactly as the server does.

const EMAILS = {
  client: DEMO_ACCOUNTS[0].email,
  caregiver: DEMO_ACCOUNTS[1].email,
  admin: DEMO_ACCOUNTS[2].email,
  pending: EXTRA_DEMO_ACCOUNTS[0].email,
  suspended: EXTRA_DEMO_ACCOUNTS[1].email,
  adminClient: EXTRA_DEMO_ACCOUNTS[2].email,
};
type Kind = keyof typeof EMAILS;

const ctx = useAuthTestSetup();
const cookies = {} as Record<Kind, string>;

const signIn = (email: string) => signInCookie(email, DEMO_PASSWORD);

beforeAll(async () => {
  await seedDemoData(ctx.db);
  for (const [kind, email] of Object.entries(EMAILS)) cookies[kind as Kind] = await signIn(email);
});

// Every loader and action below records that it ran, and what user the
// guard handed it.
let ran: string[] = [];
beforeEach(() => {
  ran = [];
});
const page = (id: string, path: string): RouteObject => ({
  id,
  path,
  loader: ({ context }) => {
    ran.push(`${id} loader`);
    return { email: context.get(currentUserContext).email };
  },
  action: ({ context }) => {
    ran.push(`${id} action`);
    return { email: context.get(currentUserContext).email };
  },
});
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: () => {
      ran.push("root loader");
      return null;
    },
    children: [
      {
        id: "client-area",
        middleware: clientLayout.middleware as MiddlewareFunction[],
        loader: clientLayout.loader,
        children: [page("client-page", "dashboard/billing")],
      },
      {
        id: "caregiver-area",
        middleware: caregiverLayout.middleware as MiddlewareFunction[],
        loader: caregiverLayout.loader,
        children: [page("caregiver-page", "caregiver/schedule")],
      },
      {
        id: "admin-area",
        middleware: adminLayout.middleware as MiddlewareFunction[],
        loader: adminLayout.loader,
        children: [page("admin-page", "admin/users")],
      },
    ],
  },
];
const handler = createStaticHandler(routes);

type Outcome =
  { kind: "redirect"; location: string | null } | { kind: "rendered"; context: StaticHandlerContext; status: number };

async function visit(path: string, who?: Kind, method = "GET"): Promise<Outcome> {
  const headers: Record<string, string> = who ? { cookie: cookies[who] } : {};
  const init: RequestInit = { method, headers };
  if (method === "POST") {
    init.body = new URLSearchParams({ intent: "save" });
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = ctx.env.appUrl;
  }
  let rendered: StaticHandlerContext | undefined;
  const response = (await handler.query(new Request(`${ctx.env.appUrl}${path}`, init), {
    requestContext: new RouterContextProvider(),
    generateMiddlewareResponse: async (query) => {
      const result = await query(new Request(`${ctx.env.appUrl}${path}`, init));
      if (result instanceof Response) return result;
      rendered = result;
      return new Response(null, { status: result.statusCode });
    },
  })) as Response;
  if (response.status >= 300 && response.status < 400) {
    return { kind: "redirect", location: response.headers.get("Location") };
  }
  return { kind: "rendered", context: rendered!, status: response.status };
}

describe("the area guards run before any loader or action of the area", () => {
  test("an anonymous visitor goes to the login page with the origin; nothing in the area runs", async () => {
    expect(await visit("/dashboard/billing?invoice=7")).toEqual({
      kind: "redirect",
      location: "/login/desktop?redirectTo=%2Fdashboard%2Fbilling%3Finvoice%3D7",
    });
    expect(await visit("/admin/users")).toEqual({
      kind: "redirect",
      location: "/admin/login?redirectTo=%2Fadmin%2Fusers",
    });
    expect(await visit("/caregiver/schedule", undefined, "POST")).toMatchObject({ kind: "redirect" });
    // Not even the root loader: a refusal before next() stops every loader.
    expect(ran).toEqual([]);
  });

  test.each([
    ["client", "/admin/users", "/dashboard"],
    ["client", "/caregiver/schedule", "/dashboard"],
    ["caregiver", "/dashboard/billing", "/caregiver"],
    ["caregiver", "/admin/users", "/caregiver"],
    ["admin", "/dashboard/billing", "/admin"],
    ["admin", "/caregiver/schedule", "/admin"],
    ["adminClient", "/caregiver/schedule", "/admin"],
    ["pending", "/dashboard/billing", "/caregiver"],
    ["suspended", "/admin/users", "/caregiver"],
  ] as [Kind, string, string][])(
    "%s on %s goes home to %s; the page's loader and action never run",
    async (who, path, home) => {
      expect(await visit(path, who)).toEqual({ kind: "redirect", location: home });
      expect(await visit(path, who, "POST")).toEqual({ kind: "redirect", location: home });
      expect(ran).toEqual([]);
    },
  );

  test.each([
    ["client", "/dashboard/billing", "client-page"],
    ["caregiver", "/caregiver/schedule", "caregiver-page"],
    ["admin", "/admin/users", "admin-page"],
    ["adminClient", "/admin/users", "admin-page"],
    ["adminClient", "/dashboard/billing", "client-page"],
  ] as [Kind, string, string][])(
    "%s opens %s and its loader reads the user from the context",
    async (who, path, id) => {
      const outcome = await visit(path, who);
      expect(outcome.kind).toBe("rendered");
      const { context } = outcome as Extract<Outcome, { kind: "rendered" }>;
      expect(context.errors).toBeNull();
      expect(context.loaderData[id]).toEqual({ email: EMAILS[who] });
      expect(ran).toContain(`${id} loader`);

      const posted = await visit(path, who, "POST");
      expect((posted as Extract<Outcome, { kind: "rendered" }>).context.actionData).toEqual({
        [id]: { email: EMAILS[who] },
      });
    },
  );

  test.each([
    ["pending", "Your application is pending review"],
    ["suspended", "Account Suspended"],
  ] as [Kind, string][])(
    "a %s caregiver is refused every caregiver page with the status screen's data",
    async (who) => {
      for (const method of ["GET", "POST"]) {
        const outcome = await visit("/caregiver/schedule", who, method);
        expect(outcome.kind).toBe("rendered");
        const { context, status } = outcome as Extract<Outcome, { kind: "rendered" }>;
        expect(status).toBe(403);
        // No loader ran, so the error lands on the root's boundary; it carries the chrome's data.
        const error = Object.values(context.errors ?? {})[0];
        expect(isRouteErrorResponse(error)).toBe(true);
        const refusal = caregiverStatusRefusal(error);
        expect(refusal?.status).toBe(who);
        expect(refusal?.shell.user?.email).toBe(EMAILS[who]);
        expect(context.loaderData).toEqual({});
      }
      expect(ran).toEqual([]);
    },
  );
});

describe("requireRole for routes outside the areas", () => {
  test("names the page, not React Router's data URL, as the origin of a data request", async () => {
    const thrown = await requireRole(
      new Request(`${ctx.env.appUrl}/admin/users.data?_routes=routes%2Fadmin%2Flayout`),
      ["admin"],
    ).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");

    const home = await requireRole(new Request(`${ctx.env.appUrl}/_.data`), ["client"]).catch(
      (error: unknown) => error,
    );
    expect((home as Response).headers.get("Location")).toBe("/login/desktop?redirectTo=%2F");
  });

  test("an app-mode visitor signs in on the PWA login", async () => {
    const thrown = await requireRole(
      new Request(`${ctx.env.appUrl}/dashboard`, { headers: { cookie: "tendly-mode-override=mobile" } }),
      ["client"],
    ).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/login/pwa?redirectTo=%2Fdashboard");
  });
});

const onPage = async (path: string, who?: Kind) =>
  redirectIfSignedIn(new Request(`${ctx.env.appUrl}${path}`, { headers: who ? { cookie: cookies[who] } : {} })).then(
    () => null,
    (error: unknown) => (error as Response).headers.get("Location"),
  );

describe("signed-in users on login and register pages (redirectIfSignedIn)", () => {
  test("anonymous visitors stay", async () => {
    expect(await onPage("/login/desktop?redirectTo=%2Fdashboard")).toBeNull();
    expect(await onPage("/register")).toBeNull();
  });

  test("go to the location first asked for", async () => {
    expect(await onPage("/login/desktop?redirectTo=%2Fdashboard%2Fbilling%3Finvoice%3D7", "client")).toBe(
      "/dashboard/billing?invoice=7",
    );
    expect(await onPage("/admin/login?redirectTo=%2Fadmin%2Fusers", "admin")).toBe("/admin/users");
  });

  test("else to their home: admin over caregiver over client", async () => {
    expect(await onPage("/login/desktop", "client")).toBe("/dashboard");
    expect(await onPage("/login/pwa", "caregiver")).toBe("/caregiver");
    expect(await onPage("/register", "admin")).toBe("/admin");
    expect(await onPage("/register", "adminClient")).toBe("/admin");
    expect(await onPage("/login", "pending")).toBe("/caregiver");
  });

  test("never to another site", async () => {
    expect(await onPage("/login/desktop?redirectTo=%2F%2Fevil.test", "client")).toBe("/dashboard");
    expect(await onPage("/login/desktop?redirectTo=https%3A%2F%2Fevil.test", "caregiver")).toBe("/caregiver");
  });
});

const home = async (path: string, headers: Record<string, string> = {}, who?: Kind) => {
  const request = new Request(`${ctx.env.appUrl}${path}`, {
    headers: { ...headers, ...(who ? { cookie: cookies[who] } : {}) },
  });
  const url = new URL(`${ctx.env.appUrl}${path.replace(/\/_\.data/, "/")}`);
  url.searchParams.delete("_routes");
  const args = { request, url, params: {}, context: new RouterContextProvider(), pattern: "/" };
  return homeLoader(args as never).then(
    () => null,
    (error: unknown) => (error as Response).headers.get("Location"),
  );
};

const typed = { "sec-fetch-site": "none" };

describe("the home page's redirects", () => {
  test("a signed-in user who opens the site directly goes to their home", async () => {
    expect(await home("/", typed, "client")).toBe("/dashboard");
    expect(await home("/", typed, "caregiver")).toBe("/caregiver");
    expect(await home("/", typed, "admin")).toBe("/admin");
    expect(await home("/", typed, "adminClient")).toBe("/admin");
    // A browser without fetch metadata and without a referrer: direct too;
    // and through our service worker, which becomes the initiator.
    expect(await home("/", {}, "client")).toBe("/dashboard");
    expect(await home("/", { "sec-fetch-site": "same-origin" }, "caregiver")).toBe("/caregiver");
  });

  test("but not when a link brought them, nor on a client-side navigation, nor anonymous", async () => {
    expect(
      await home("/", { "sec-fetch-site": "same-origin", referer: `${ctx.env.appUrl}/about` }, "client"),
    ).toBeNull();
    expect(await home("/", { "sec-fetch-site": "cross-site", referer: "https://search.test/" }, "client")).toBeNull();
    expect(await home("/", { "sec-fetch-site": "cross-site" }, "client")).toBeNull();
    expect(await home("/", { referer: `${ctx.env.appUrl}/about` }, "client")).toBeNull();
    expect(await home("/_.data", typed, "client")).toBeNull();
    expect(await home("/", typed)).toBeNull();
  });

  test("recovery and sign-up links go on to their pages with their parameters", async () => {
    expect(await home("/?type=recovery&token=abc", typed, "client")).toBe("/reset-password?type=recovery&token=abc");
    expect(await home("/?type=recovery&token=abc")).toBe("/reset-password?type=recovery&token=abc");
    expect(await home("/?type=signup&access_token=a&refresh_token=r")).toBe(
      "/verify-email?type=signup&access_token=a&refresh_token=r",
    );
    expect(await home("/?type=signup&access_token=a")).toBeNull();
  });
});

const signOut = async (cookie: string, form: Record<string, string>, extraCookie?: string) => {
  const response = (await logoutAction({
    request: new Request(`${ctx.env.appUrl}/logout`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: ctx.env.appUrl,
        cookie: [cookie, extraCookie].filter(Boolean).join("; "),
        [CLIENT_IP_HEADER]: "10.40.1.1",
      },
      body: new URLSearchParams(form),
    }),
  } as never)) as Response;
  return response;
};

describe("Sign Out", () => {
  test("lands on the login of the mode the browser detected, with the toast, and ends the session", async () => {
    const cookie = await signIn(EMAILS.client);
    const response = await signOut(cookie, { mode: "mobile" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/pwa");
    expect(decodeURIComponent(response.headers.getSetCookie().join("\n"))).toMatch(
      /tendly-toast=.*You have been logged out/,
    );
    expect(await getCurrentUser(new Request(`${ctx.env.appUrl}/dashboard`, { headers: { cookie } }))).toBeNull();

    const [user] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.email, EMAILS.client));
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, user!.id), eq(auditEvents.eventType, "logout")));
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  test("the stored override forces the choice; without either the request decides", async () => {
    expect(
      (await signOut(await signIn(EMAILS.caregiver), { mode: "mobile" }, "tendly-mode-override=desktop")).headers.get(
        "Location",
      ),
    ).toBe("/login/desktop");
    expect(
      (await signOut(await signIn(EMAILS.caregiver), { mode: "desktop" }, "tendly-mode-override=mobile")).headers.get(
        "Location",
      ),
    ).toBe("/login/pwa");
    expect((await signOut(await signIn(EMAILS.caregiver), {})).headers.get("Location")).toBe("/login/desktop");
    expect((await signOut(await signIn(EMAILS.caregiver), {}, "tendly-mode=mobile")).headers.get("Location")).toBe(
      "/login/pwa",
    );
  });

  test("an already ended session still lands on the login page with the toast", async () => {
    const response = await signOut("better-auth.session_token=gone.gone", { mode: "desktop" });
    expect(response.headers.get("Location")).toBe("/login/desktop");
    expect(decodeURIComponent(response.headers.getSetCookie().join("\n"))).toMatch(
      /tendly-toast=.*You have been logged out/,
    );
  });
});
