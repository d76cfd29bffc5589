import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// One way to read a form (docs/decisions/0036-one-way-to-build-a-form.md): every action and resource
// route parses its body with parseForm and the form's schema. readForm is parseForm's own first step, and
// `request.formData()` would read a body of any size; a module that uses either itself fails here.

const ALLOWED = ["app/utils/form-data.server.ts"];
const RAW_USES: readonly [string, RegExp][] = [
  ["readForm called outside parseForm", /\breadForm\(/],
  ["request.formData() without a byte limit", /\brequest\.formData\(\)/],
];

test("every action reads its form through parseForm and a schema", () => {
  const offenders = sourceFiles("app", /\.tsx?$/)
    .filter((file) => !ALLOWED.includes(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      return RAW_USES.filter(([, pattern]) => pattern.test(source)).map(([what]) => `${file}: ${what}`);
    });
  expect(offenders).toEqual([]);
});

test("the check catches a raw read", () => {
  const [, readForm] = RAW_USES[0]!;
  expect(readForm.test("const form = await readForm(request);")).toBe(true);
  expect(readForm.test("const submission = await parseForm(request, Schema);")).toBe(false);
  const [, formData] = RAW_USES[1]!;
  expect(formData.test("const form = await request.formData();")).toBe(true);
});
