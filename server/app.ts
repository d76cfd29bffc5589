import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { isDatabaseReachable } from "~/db/client.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/db/seed/seed.server";
import { isUnlistedPath } from "~/features/seo/crawling";
import { requestValuesContext } from "~/utils/request-context";
import { isCrossSiteWrite } from "~/utils/same-origin";
import { boot } from "./boot";
import { bodyLimit } from "./body-limits";
import { requestTargetCheck } from "./request-target";
import { securityHeaders } from "./security-headers";

type ViteDevServer = {
  middlewares: RequestHandler;
  ssrLoadModule: (id: string) => Promise<Record<string, unknown>>;
};

export type StartOptions = { vite?: ViteDevServer; quiet?: boolean };

/**
 * Boots Tendly and serves it: the production build (scripts/start.js) or the
 * Vite dev server (scripts/dev.js). Returns a function that stops everything.
 */
export async function startServer(options: StartOptions = {}) {
  const log = options.quiet ? () => undefined : (message: string) => console.log(message);
  const booted = await boot(log);
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
  app.use(securityHeaders({ isProduction, isHttps: env.appUrl.startsWith("https://"), mapTileUrl: env.MAP_TILE_URL }));
  // Server-Sent Events are written as they happen; compression would hold them back.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
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

  app.get("/healthz", async (_req, res) => {
    const isUp = await isDatabaseReachable();
    res
      .status(isUp ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: isUp ? "ok" : "unavailable", database: isUp ? "reachable" : "unreachable" });
  });

  let getBuild: () => Promise<ServerBuild>;
  if (options.vite) {
    const vite = options.vite;
    app.use(vite.middlewares);
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
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
    getBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
  }

  app.all(
    "/{*path}",
    createRequestHandler({
      build: getBuild,
      mode: isProduction ? "production" : "development",
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(requestValuesContext, { cspNonce: String(res.locals.cspNonce) });
        return context;
      },
    }),
  );

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
    listening.on("error", reject);
  });

  // Since the process started: module loading and any build included.
  const seconds = process.uptime().toFixed(1);
  log(`\nTendly is running at ${env.appUrl}  (ready ${seconds} s after launch)`);
  log(
    env.isEmbeddedDatabase
      ? `Database: embedded PostgreSQL, data in ${env.pgDataDir}`
      : "Database: PostgreSQL from DATABASE_URL",
  );
  if (booted.seeded) log("Seeded the demo accounts and 60 demo caregivers.");
  log(`Demo mode: ${env.demo.enabled ? "on" : "off"}, ${env.demo.reason}.`);
  if (env.demo.enabled) {
    log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) log(`  ${account.role.padEnd(10)} ${account.email}`);
  }
  log(
    env.mailbox.enabled
      ? `Mailbox: ${env.appUrl}/dev/mailbox (${env.mailbox.reason}); emails are kept in ${path.resolve(env.DATA_DIR, "outbox")}.`
      : env.SMTP_URL
        ? "Mailbox: off, emails go out through SMTP_URL."
        : `Mailbox: off (${env.mailbox.reason}); emails are kept in ${path.resolve(env.DATA_DIR, "outbox")}.`,
  );

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await booted.shutdown();
    })();
    return stopping;
  };
  return { server, stop, env };
}
