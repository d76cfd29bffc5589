import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, test } from "vitest";

// The layer rules of docs/architecture.md ("1. Layers") are `no-restricted-imports`
// overrides in .oxlintrc.json. Each case writes a small probe module into the folder
// whose override it exercises, lints it with the project's configuration and deletes
// it again. Colours, which oxlint turns on where CI is set, are stripped. Probes are named `__lint_probe__*` (ignored by .gitignore), carry the
// process id so parallel runs do not collide, and are removed even when a check fails.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const OXLINT = path.join(ROOT, "node_modules", ".bin", "oxlint");
const REFERENCE = 'docs/architecture.md, "1. Layers"';

function lintProbe(folder: string, source: string, extension = "ts") {
  const relative = path.join(folder, `__lint_probe__${process.pid}.${extension}`);
  const file = path.join(ROOT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, source);
    const result = spawnSync(OXLINT, ["-c", ".oxlintrc.json", relative], { cwd: ROOT, encoding: "utf8" });
    return { status: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The lint's answer to a probe: whether it failed, and the `no-restricted-imports` help lines. */
function refusal(result: { status: number | null; output: string }) {
  const helps = result.output
    .split("\n")
    .filter((line) => line.trim().startsWith("help:"))
    .map((line) => line.trim());
  return { failed: result.status !== 0, restricted: result.output.includes("no-restricted-imports"), helps };
}

function refusedWith(message: string) {
  return {
    failed: true,
    restricted: true,
    helps: expect.arrayContaining([expect.stringMatching(new RegExp(`${escape(message)}.*${escape(REFERENCE)}`))]),
  };
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("layer boundaries", () => {
  test("a route may not import the database", () => {
    const result = lintProbe(
      "app/routes",
      'export { getDb } from "~/platform/db/client.server";\nexport { ORDER_STATUSES } from "~/platform/db/schema";\n',
      "tsx",
    );
    expect(refusal(result)).toEqual(refusedWith("Routes reach data through features"));
  });

  test("a route may not reach the database by a relative path", () => {
    const result = lintProbe("app/routes/public", 'export { getDb } from "../../db/client.server";\n', "tsx");
    expect(refusal(result)).toEqual(refusedWith("relative path that climbs out of this folder"));
  });

  test("a route may import features, components, auth, utils and the router", () => {
    const result = lintProbe(
      "app/routes",
      [
        'export { Link } from "react-router";',
        'export { requireRole } from "~/platform/auth/session.server";',
        'export { linkClass } from "~/components/form-controls";',
        'export { ORDER_STATUSES } from "~/features/orders/orders.schema";',
        'export type { Role } from "~/utils/roles";',
        'export { respondToOfferAction } from "~/routes/caregiver/order.server";',
        "",
      ].join("\n"),
      "tsx",
    );
    expect(refusal(result)).toEqual({ failed: false, restricted: false, helps: [] });
  });

  test.each([
    ["app/features", "Features hold domain logic"],
    ["app/utils", "app/utils is the ground floor"],
    ["app/platform/jobs", "app/platform/jobs runs job definitions"],
    ["app", "Only app/routes, app/root.tsx and app/routes.ts import route modules"],
    ["server", "server/ wires db, auth, jobs and utils together"],
  ])("%s may not import a route module", (folder, message) => {
    const result = lintProbe(folder, 'export { respondToOfferAction } from "~/routes/caregiver/order.server";\n');
    expect(refusal(result)).toEqual(refusedWith(message));
  });

  test("the domain event bus may not import a feature: handlers reach it only through app/event-handlers.server.ts", () => {
    const result = lintProbe(
      "app/platform/events",
      'export { ordersEventHandlers } from "~/features/orders/event-handlers.server";\n',
    );
    expect(refusal(result)).toEqual(refusedWith("Infrastructure never imports features, routes or jobs"));
  });

  test.each([
    ["a component", 'export { linkClass } from "~/components/form-controls";\n'],
    [
      "a feature module that is not a job definition",
      'export { listAdminOrders } from "~/features/orders/admin-orders.server";\n',
    ],
  ])("jobs may not import %s", (_what, source) => {
    expect(refusal(lintProbe("app/platform/jobs", source))).toEqual(
      refusedWith("app/platform/jobs runs job definitions"),
    );
  });

  test("jobs may import job definitions and the database", () => {
    const result = lintProbe(
      "app/platform/jobs",
      'export { orderJobs } from "~/features/orders/orders.job";\nexport { jobs } from "~/platform/db/schema";\n',
    );
    expect(refusal(result)).toEqual({ failed: false, restricted: false, helps: [] });
  });

  test("the translation layer imports only utils", () => {
    const result = refusal(lintProbe("app/i18n", 'export { getDb } from "~/platform/db/client.server";\n'));
    expect(result).toMatchObject({ failed: true, restricted: true });
    expect(result.helps.join("\n")).toContain("app/i18n is the translation layer");
  });

  test.each([
    ["app/features/accounts", 'export { getFixedT } from "~/i18n/i18n.server";\n', "ts"],
    ["app/platform/email/templates", 'export { getFixedT } from "~/i18n/i18n.server";\n', "ts"],
    ["app/components", 'export { useT } from "~/i18n/react";\n', "tsx"],
  ])("%s may import the translation layer", (folder, source, extension) => {
    expect(refusal(lintProbe(folder, source, extension))).toEqual({ failed: false, restricted: false, helps: [] });
  });

  test("a feature reaches another only through that feature's public module", () => {
    expect(
      refusal(
        lintProbe("app/features/visits", 'export { lockOrder } from "~/features/orders/order-transitions.server";\n'),
      ),
    ).toEqual(refusedWith("A feature reaches another only through that feature's public module"));
    const source =
      'export { lockOrder } from "~/features/orders/public.server";\nexport { areaOf } from "~/features/orders/public";\n';
    expect(refusal(lintProbe("app/features/visits", source))).toEqual({ failed: false, restricted: false, helps: [] });
  });

  test("app/utils may take types from app/i18n, never its code", () => {
    expect(refusal(lintProbe("app/utils", 'export { refusalText } from "~/i18n/i18n.server";\n'))).toEqual(
      refusedWith("of app/i18n it may import types only"),
    );
    expect(refusal(lintProbe("app/utils", 'export type { MessageKey } from "~/i18n/message-keys";\n'))).toEqual({
      failed: false,
      restricted: false,
      helps: [],
    });
  });

  test.each(["app/components", "app/client"])("%s may not import a server module's code, nor routes", (folder) => {
    expect(
      refusal(lintProbe(folder, 'export { getCareSettings } from "~/features/visits/care-settings.server";\n')),
    ).toEqual(refusedWith("of which they may import types only"));
    expect(refusal(lintProbe(folder, 'export type { Route } from "~/routes/+types/redirect";\n'))).toEqual(
      refusedWith("Components render; they do not reach into routes"),
    );
  });

  test.each(["app/components", "app/client"])("%s may import a server module's types", (folder) => {
    const source =
      'export type { CareSettings } from "~/features/visits/care-settings";\nimport type { AdminReview } from "~/features/reviews/caregiver-reviews.server";\nexport type Rows = AdminReview[];\n';
    expect(refusal(lintProbe(folder, source))).toEqual({ failed: false, restricted: false, helps: [] });
  });

  test.each([
    ["app/platform/db/seed", 'export { getEnv } from "../../utils/env.server";\n'],
    ["app/platform/auth", 'export { getDb } from "../db/client.server";\n'],
    ["server", 'export { getDb } from "../app/platform/db/client.server";\n'],
  ])("%s may not climb out of its folder", (folder, source) => {
    expect(refusal(lintProbe(folder, source))).toEqual(refusedWith("relative path that climbs out of this folder"));
  });
});
