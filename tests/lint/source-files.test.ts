import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

test("the source files a check reads leave out the lint probes, and tests unless asked for", () => {
  const probe = `tests/support/__lint_probe__listing${process.pid}.ts`;
  writeFileSync(path.join(ROOT, probe), "export {};\n");
  try {
    const files = sourceFiles("tests", /\.ts$/);
    expect(files).toContain("tests/support/source-files.ts");
    expect(files).not.toContain(probe);
    expect(files).not.toContain("tests/lint/source-files.test.ts");
    expect(sourceFiles("tests", /\.ts$/, { withTests: true })).toContain("tests/lint/source-files.test.ts");
    expect(sourceFiles("tests", /\.ts$/, { skipFolders: ["support"] })).not.toContain("tests/support/source-files.ts");
  } finally {
    rmSync(path.join(ROOT, probe), { force: true });
  }
});
