import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// What the production server loads costs it memory for as long as it runs
// (docs/decisions/0045-memory.md): under Node 24 importing the `date-fns` barrel
// (about 250 modules re-exported with `export *`) grows one process by about
// 300 MB that it never gives back, while each function's own entry
// (`date-fns/addDays`) costs a few hundred kilobytes. The app imports date-fns
// by function; tests and benchmarks, which do not serve, may use the barrel.
const BARRELS: readonly [string, RegExp][] = [["date-fns", /\bfrom\s+["']date-fns["']/]];

const offendersIn = (files: readonly string[]) =>
  files.flatMap((file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    return BARRELS.filter(([, pattern]) => pattern.test(source)).map(([barrel]) => `${file}: ${barrel}`);
  });

test("the app and the server import no costly barrel", () => {
  expect(offendersIn([...sourceFiles("app", /\.tsx?$/), ...sourceFiles("server", /\.ts$/)])).toEqual([]);
});

// Packages that serve a few actions are loaded on their first use (app/utils/load-on-use.server.ts): the app
// imports only their types.
const LOADED_ON_USE = ["stripe", "nodemailer", "sharp", "web-push", "pdfkit", "@aws-sdk/client-s3"] as const;
const valueImport = (name: string) =>
  new RegExp(`^import\\s+(?!type\\s)[^;]*\\bfrom\\s+["']${name.replace("/", "\\/")}["']`, "m");

test("the app imports the packages loaded on use for their types only", () => {
  const files = [...sourceFiles("app", /\.tsx?$/), ...sourceFiles("server", /\.ts$/)].filter(
    // The S3 store is itself loaded on use (platform/storage/files.server.ts).
    (file) => !/\.test\.tsx?$/.test(file) && !file.endsWith("s3-store.server.ts"),
  );
  const offenders = files.flatMap((file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    return LOADED_ON_USE.filter((name) => valueImport(name).test(source)).map((name) => `${file}: ${name}`);
  });
  expect(offenders).toEqual([]);
});

test("the check tells a value import from a type import", () => {
  expect(valueImport("stripe").test('import { Stripe } from "stripe";')).toBe(true);
  expect(valueImport("sharp").test('import sharp from "sharp";')).toBe(true);
  expect(valueImport("stripe").test('import type { Stripe } from "stripe";')).toBe(false);
  expect(valueImport("stripe").test('import type Stripe from "stripe";')).toBe(false);
  expect(valueImport("@aws-sdk/client-s3").test('import { S3Client } from "@aws-sdk/client-s3";')).toBe(true);
});

test("the check catches a barrel import and lets a function's own entry through", () => {
  const [, dateFns] = BARRELS[0]!;
  expect(dateFns.test('import { addDays, format } from "date-fns";')).toBe(true);
  expect(dateFns.test('import { addDays } from "date-fns/addDays";')).toBe(false);
  expect(dateFns.test('import { TZDate } from "@date-fns/tz";')).toBe(false);
});
