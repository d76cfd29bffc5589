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

test("the check catches a barrel import and lets a function's own entry through", () => {
  const [, dateFns] = BARRELS[0]!;
  expect(dateFns.test('import { addDays, format } from "date-fns";')).toBe(true);
  expect(dateFns.test('import { addDays } from "date-fns/addDays";')).toBe(false);
  expect(dateFns.test('import { TZDate } from "@date-fns/tz";')).toBe(false);
});
