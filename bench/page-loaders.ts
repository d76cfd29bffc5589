// The eight signed-in pages of docs/decisions/0042-signed-in-pages-with-a-year-of-data.md as the server loads
// them, without rendering: root, area guard and page loaders through React Router's static handler, and a
// recorder of every statement the process's pool sends while they run (its text, values and time). Used by
// the pages' index test (tests/integration/page-indexes.test.ts), which explains each statement, and by the
// pages' benchmark (bench/pages.ts), which times them.
import pg from "pg";
import {
  createStaticHandler,
  type MiddlewareFunction,
  RouterContextProvider,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { initAuth } from "~/platform/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/platform/auth/client-address";
import { getCurrentUser } from "~/platform/auth/session.server";
import { connectDatabase, disconnectDatabase } from "~/platform/db/client.server";
import { loadNotificationCenter } from "~/features/home/notification-center.server";
import { localeOfRequest } from "~/i18n/locale";
import * as root from "~/root";
import * as adminLayout from "~/routes/admin/layout";
import * as adminHome from "~/routes/admin/home";
import * as adminVisits from "~/routes/admin/visits";
import * as caregiverLayout from "~/routes/caregiver/layout";
import * as caregiverDashboard from "~/routes/caregiver/dashboard";
import * as caregiverEarnings from "~/routes/caregiver/earnings";
import * as caregiverSchedule from "~/routes/caregiver/schedule";
import * as clientLayout from "~/routes/client/layout";
import * as clientBilling from "~/routes/client/billing";
import * as clientDashboard from "~/routes/client/dashboard";
import * as clientMessages from "~/routes/client/messages";
import { getEnv, parseEnv, setEnvForTesting } from "~/utils/env.server";

export type Statement = { text: string; values: unknown[]; ms: number };

// What the process's pool sends while a page loads. Every pool client goes through Client.query; the pool
// wraps each client's query when it connects (app/platform/db/pool.server.ts), so the recorder must be in
// place before the process's database is first used.
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;

type Callback = (error: unknown, result: unknown) => void;

export function installRecorder() {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const list = recording;
    if (!list) return (originalQuery as (...inner: unknown[]) => unknown).apply(this, args);
    const [first, second] = args;
    const isConfig = first !== null && typeof first === "object" && "text" in first;
    const text = typeof first === "string" ? first : isConfig ? (first as { text: string }).text : null;
    const values = isConfig
      ? ((first as { values?: unknown[] }).values ?? (Array.isArray(second) ? second : []))
      : Array.isArray(second)
        ? second
        : [];
    const statement: Statement = { text: text ?? "", values, ms: 0 };
    const start = performance.now();
    const done = () => (statement.ms = performance.now() - start);
    if (text !== null) list.push(statement);
    // pg.Pool#query passes a callback; a client used directly answers a promise.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = (error: unknown, result: unknown) => {
        done();
        callback(error, result);
      };
    }
    const result = (originalQuery as (...inner: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  } as typeof originalQuery;
}

export function removeRecorder() {
  pg.Client.prototype.query = originalQuery;
}

/** Every statement sent while `work` runs. */
export async function recordStatements(work: () => Promise<void>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  recording = recorded;
  try {
    await work();
  } finally {
    recording = null;
  }
  return recorded;
}

const area = (
  id: string,
  layout: { middleware: unknown; loader: unknown },
  pages: [string, RouteObject][],
): RouteObject => ({
  id,
  middleware: layout.middleware as MiddlewareFunction[],
  loader: layout.loader as RouteObject["loader"],
  children: pages.map(([path, page]) => ({ ...page, path })),
});
const page = (id: string, module: { loader: unknown }): RouteObject => ({
  id,
  loader: module.loader as RouteObject["loader"],
});
const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    middleware: root.middleware as MiddlewareFunction[],
    loader: root.loader as RouteObject["loader"],
    children: [
      area("client-area", clientLayout, [
        ["dashboard", page("client-dashboard", clientDashboard)],
        ["dashboard/messages", page("client-messages", clientMessages)],
        ["dashboard/billing", page("client-billing", clientBilling)],
      ]),
      area("caregiver-area", caregiverLayout, [
        ["caregiver", page("caregiver-dashboard", caregiverDashboard)],
        ["caregiver/schedule", page("caregiver-schedule", caregiverSchedule)],
        ["caregiver/earnings", page("caregiver-earnings", caregiverEarnings)],
      ]),
      area("admin-area", adminLayout, [
        ["admin", page("admin-home", adminHome)],
        ["admin/visits", page("admin-visits", adminVisits)],
      ]),
    ],
  },
]);

let addressCounter = 0;

/** A GET of `path` as a browser sends it (the app's origin, a client address of its own), signed in with `cookie`. */
function pageRequest(path: string, cookie: string): Request {
  const { appUrl } = getEnv();
  addressCounter += 1;
  return new Request(`${appUrl}${path}`, {
    headers: {
      origin: appUrl,
      [CLIENT_IP_HEADER]: `10.78.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`,
      cookie,
    },
  });
}

export type LoadedPage = { status: number; location: string | null; context: StaticHandlerContext | undefined };

/** Runs `path`'s middleware and loaders as the server does for a document request signed in with `cookie`. */
export async function loadPage(path: string, cookie: string): Promise<LoadedPage> {
  let context: StaticHandlerContext | undefined;
  // One request object throughout, as the server passes it: the session lookup is kept per request.
  const request = pageRequest(path, cookie);
  const response = (await handler.query(request, {
    requestContext: new RouterContextProvider(),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      if (result instanceof Response) return result;
      context = result;
      return new Response(null, { status: result.statusCode });
    },
  })) as Response;
  return { status: response.status, location: response.headers.get("Location"), context };
}

export type LoaderFigures = {
  page: string;
  /** Statements one request sends, in all, and those of the session lookup and of the root's notification centre. */
  statements: number;
  sessionStatements: number;
  centreStatements: number;
  /** Medians over the runs: the loaders in all, the time their statements took, the lookup and the centre alone. */
  loadersMs: number;
  statementsMs: number;
  sessionMs: number;
  centreMs: number;
};

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Where a page's server work goes before rendering: `runs` requests of `path` after three warm-ups, each one's
 * statements recorded; and, measured the same way on their own, the session lookup and the root's
 * notification centre that every signed-in page runs.
 */
export async function measureLoaders(path: string, cookie: string, runs = 10): Promise<LoaderFigures> {
  const whole: { ms: number; statements: Statement[] }[] = [];
  const session: { ms: number; statements: Statement[] }[] = [];
  const centre: { ms: number; statements: Statement[] }[] = [];
  const time = async (into: typeof whole, work: () => Promise<unknown>) => {
    const start = performance.now();
    const statements = await recordStatements(async () => void (await work()));
    into.push({ ms: performance.now() - start, statements });
  };
  for (let index = 0; index < runs + 3; index += 1) {
    const isWarmUp = index < 3;
    const loaded: typeof whole = [];
    await time(loaded, async () => {
      const { status, location, context } = await loadPage(path, cookie);
      if (status !== 200) {
        // What a loader threw, as the server would have logged it.
        const [error] = Object.values(context?.errors ?? {});
        throw new Error(`${path} answered ${status} ${location ?? ""}`, { cause: error });
      }
    });
    const request = pageRequest(path, cookie);
    const lookup: typeof whole = [];
    await time(lookup, () => getCurrentUser(request));
    const user = await getCurrentUser(request);
    if (!user) throw new Error(`${path}: the session lookup found no one`);
    await time(centre, () => loadNotificationCenter(user, localeOfRequest(request, user.locale), { withList: false }));
    if (isWarmUp) centre.pop();
    else {
      whole.push(...loaded);
      session.push(...lookup);
    }
  }
  const sum = (statements: Statement[]) => statements.reduce((total, statement) => total + statement.ms, 0);
  return {
    page: path,
    statements: median(whole.map((run) => run.statements.length)),
    sessionStatements: median(session.map((run) => run.statements.length)),
    centreStatements: median(centre.map((run) => run.statements.length)),
    loadersMs: median(whole.map((run) => run.ms)),
    statementsMs: median(whole.map((run) => sum(run.statements))),
    sessionMs: median(session.map((run) => run.ms)),
    centreMs: median(centre.map((run) => run.ms)),
  };
}

/**
 * Every page of `pages` measured by measureLoaders on the database at `url`, signed in with the cookies
 * `secret` signed, as the production server would be configured (docs/decisions/0042). Connects this
 * process's database itself, after the recorder is in place, and disconnects it.
 */
export async function loaderBreakdown<Who extends string>(
  pages: readonly (readonly [string, Who])[],
  { url, secret, dataDir, cookies }: { url: string; secret: string; dataDir: string; cookies: Record<Who, string> },
): Promise<Map<string, LoaderFigures>> {
  installRecorder();
  setEnvForTesting(
    parseEnv({ NODE_ENV: "production", HOST: "127.0.0.1", DATABASE_URL: url, AUTH_SECRET: secret, DATA_DIR: dataDir }),
  );
  connectDatabase(url, { max: 10 });
  initAuth(secret);
  try {
    const figures = new Map<string, LoaderFigures>();
    for (const [path, who] of pages) figures.set(path, await measureLoaders(path, cookies[who]));
    return figures;
  } finally {
    await disconnectDatabase();
    setEnvForTesting(undefined);
    removeRecorder();
  }
}
