import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import expressStaticGzip from "express-static-gzip";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { isUnlistedPath } from "~/features/seo/crawling";
import { startPageCache } from "~/platform/page-cache/cache.server";
import { closeRealtimeStreams } from "~/platform/realtime/hub.server";
import { badRequestHandler } from "~/utils/bad-requests.server";
import { getEnv } from "~/utils/env.server";
import { requestValuesContext } from "~/utils/request-context";
import { isCrossSiteWrite } from "~/utils/same-origin";
import { startBanner } from "./banner";
import { boot } from "./boot";
import { bodyLimit } from "./body-limits";
import { compressResponses } from "./compression";
import { trackRequests } from "./drain";
import { checkHealth } from "./health";
import { pageFromCache } from "./page-cache";
import { requestTargetCheck } from "./request-target";
import { securityHeaders } from "./security-headers";
import type { Stop } from "./signals";
import { assertCanListen, listenErrorMessage, StartError } from "./start-checks";

/** How long an idle connection is kept open for its next request. */
const KEEP_ALIVE_MS = 65_000;

export { stopOnSignals } from "./signals";
export { ignoreRestartSignal, startPrimary, stopWorkerOnRequest, workerCount, workerOptions } from "./cluster";

type ViteDevServer = {
  middlewares: RequestHandler;
  ssrLoadModule: (id: string) => Promise<Record<string, unknown>>;
};

/** `worker`: one of several processes serving the port, on the database its primary started (server/cluster.ts). */
export type StartOptions = { vite?: ViteDevServer; quiet?: boolean; worker?: { databaseUrl: string } };

/**
 * Boots Tendly and serves it: the production build (scripts/start.js) or the
 * Vite dev server (scripts/dev.js). Returns a function that stops everything.
 */
export async function startServer(options: StartOptions = {}) {
  const log = options.quiet ? () => undefined : (message: string) => console.log(message);
  // A taken port fails here, in milliseconds, before the database starts.
  const settings = getEnv();
  // A worker's listen goes through its primary, which checked the port already.
  if (!options.worker) await assertCanListen(settings.HOST, settings.PORT);
  const booted = await boot(log, options.worker ? { role: "worker", ...options.worker } : undefined);
  const { env } = booted;
  const isProduction = !options.vite;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // better-auth reads the client address from this header only; never trust
    // a value the client sent (see advanced.ipAddress in auth.server.ts).
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(
    securityHeaders({
      isProduction,
      isHttps: env.appUrl.startsWith("https://"),
      mapTileUrl: env.MAP_TILE_URL,
      stripeApiBase: env.STRIPE_API_BASE,
    }),
  );
  app.use(compressResponses());
  app.use(requestTargetCheck());
  app.use(bodyLimit());
  app.use((req, res, next) => {
    const facts = { method: req.method, origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") };
    if (!isCrossSiteWrite(facts, env.appUrl)) return next();
    res.status(403).type("text/plain").send("Cross-site request refused.");
  });

  app.use((req, res, next) => {
    if (isUnlistedPath(req.path)) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });

  // The database, the outbox or mail transport and the job queue (server/health.ts).
  app.get("/healthz", async (_req, res) => {
    const report = await checkHealth();
    res
      .status(report.status === "unavailable" ? 503 : 200)
      .set("Cache-Control", "no-store")
      .json(report);
  });

  // Signed-out public pages from the cache of rendered pages, in production only: the dev server's pages
  // change with their code (docs/decisions/0043-rendered-page-cache.md).
  const pageCache = isProduction && env.PAGE_CACHE ? startPageCache(booted.databaseUrl) : undefined;
  if (pageCache) app.use(pageFromCache());

  const handlerOf = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      mode: isProduction ? "production" : "development",
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(requestValuesContext, { cspNonce: String(res.locals.cspNonce) });
        return context;
      },
    });
  let pageHandler: RequestHandler;
  if (options.vite) {
    const vite = options.vite;
    app.use(vite.middlewares);
    // The dev server's build changes with its code: read again for each request.
    pageHandler = handlerOf(
      () => vite.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>,
    );
  } else {
    const clientDir = path.resolve("build/client");
    // Scripts and styles have a brotli copy from the build (vite.config.ts).
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        index: false,
        orderPreference: ["br"],
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
    // A file under /assets that is not there (an earlier build's, asked for by a page opened before a deploy) is a
    // plain 404, not the site's page rendered for it (96 KB and a session lookup for a missing script). The headers
    // expressStaticGzip set for a compressed copy it expected to find go first.
    app.use("/assets", (_req, res) => {
      for (const name of ["Content-Encoding", "Content-Type", "Cache-Control", "Vary"]) res.removeHeader(name);
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
    });
    app.use(
      express.static(clientDir, {
        maxAge: "1h",
        setHeaders: (res, file) => {
          // The service worker and manifest must be re-checked on every visit.
          if (/(sw\.js|workbox-[^/]*\.js|manifest\.webmanifest|registerSW\.js)$/.test(file))
            res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
    // The production build is loaded at the first page asked for (a process starts without it,
    // docs/decisions/0045-memory.md) and handed over as itself, so that React Router derives its routes and
    // handler once: given a function, it derives them again for every request
    // (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md).
    let loaded: RequestHandler | undefined;
    pageHandler = async (req, res, next) => {
      loaded ??= handlerOf((await import("virtual:react-router/server-build")) as unknown as ServerBuild);
      return loaded(req, res, next);
    };
  }

  app.all("/{*path}", pageHandler);

  // A path the router cannot decode (and any other 4xx a middleware throws): its status, one log line.
  app.use(badRequestHandler());

  const server: Server = createServer(app);
  // Idle connections are kept longer than a proxy in front keeps its own (60 s is common), so that we are
  // never the side closing a connection just as the next request is sent on it, which the sender sees as
  // a reset (docs/decisions/0017-start-and-stop.md).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const drainer = trackRequests(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.PORT, env.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // Taken since the check above: nothing this process started stays behind.
    await pageCache?.close();
    await booted.shutdown();
    throw new StartError(listenErrorMessage(error, env.HOST, env.PORT), { cause: error });
  }

  // A worker of several is quiet: its primary prints the banner once (server/cluster.ts).
  if (!options.worker) for (const line of startBanner(env, booted.seeded)) log(line);

  let stopping: Promise<void> | undefined;
  let stoppingNow: Promise<void> | undefined;
  const stopGracefully = async () => {
    log("\nStopping Tendly ...");
    const ignoreErrors = ignoreErrorsWhileStopping();
    try {
      // No new connections, idle ones closed, requests in flight finish: at most SHUTDOWN_TIMEOUT_MS.
      const drained = drainer.drain(env.SHUTDOWN_TIMEOUT_MS);
      // Open event streams would hold the drain until the limit.
      closeRealtimeStreams();
      const { inFlight, cut } = await drained;
      const when = stoppingNow ? "at the second signal" : `still running after ${env.SHUTDOWN_TIMEOUT_MS} ms`;
      const report = options.worker ? (line: string) => console.log(`Worker ${process.pid}: ${line}`) : log;
      if (cut > 0) report(`Cut ${cut} of the ${inFlight} requests in flight, ${when}.`);
      else if (inFlight > 0) report(`Finished the ${inFlight} requests in flight.`);
      await pageCache?.close();
      await booted.shutdown();
      log("Tendly stopped.");
    } finally {
      ignoreErrors();
    }
  };
  /** Stops serving, then everything boot started; `now` (a second signal) cuts the requests left and waits for nothing. */
  const stop: Stop = ({ now = false } = {}) => {
    stopping ??= stopGracefully();
    if (!now) return stopping;
    stoppingNow ??= (async () => {
      log("Stopping at once: cutting the requests left, not waiting for a running job.");
      drainer.cutNow();
      void pageCache?.close();
      await booted.shutdown({ now: true });
    })();
    return stoppingNow;
  };
  return { server, stop, env };
}

/** One line for an error raised outside any request while the process stops. */
function reportStopError(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  // A closed terminal or pipe: nothing more can be written there.
  if (code === "EPIPE") return;
  console.error(`While stopping: ${code ? `${code} ` : ""}${message ?? String(error)}`);
}

/**
 * While the process stops, the database going away can still raise errors
 * outside any request (a connection ended with 57P01 "terminating connection
 * due to administrator command"): each is one line, and the stop goes on.
 * Returns the function that removes the handlers.
 */
function ignoreErrorsWhileStopping(): () => void {
  process.on("uncaughtException", reportStopError);
  process.on("unhandledRejection", reportStopError);
  return () => {
    process.off("uncaughtException", reportStopError);
    process.off("unhandledRejection", reportStopError);
  };
}
