import { expect, test } from "vitest";
import { failureFromErrorContext } from "../../scripts/e2e-browser-logs.js";

// A failed end-to-end test's error and the line it stopped at are printed after the run
// (scripts/e2e-browser-logs.js), read from Playwright's error-context.md, whose layout this copies.
const ERROR_CONTEXT = [
  "# Instructions",
  "",
  "- Following Playwright test failed.",
  "",
  "# Test info",
  "",
  "- Name: offline-forms.test.ts >> a step",
  "",
  "# Error details",
  "",
  "```",
  "Error: expect(page).toHaveURL(expected) failed",
  "",
  "Expected pattern: /\\/availability$/",
  'Received string:  "http://127.0.0.1:3000/register/caregiver/background"',
  "",
  "Call log:",
  ...Array.from({ length: 30 }, (_, i) => `  - unexpected value (${i + 1})`),
  "```",
  "",
  "```yaml",
  '- banner: link "Tendly"',
  "```",
  "",
  "# Test source",
  "",
  "```ts",
  "  193 |   await context.setOffline(false);",
  "> 194 |   await expect(page).toHaveURL(/\\/availability$/);",
  "      |                      ^ Error: expect(page).toHaveURL(expected) failed",
  "  195 | });",
  "```",
].join("\n");

test("the printout of a failure: its error and call log (20 lines at most) and the test's line it stopped at", () => {
  const lines = failureFromErrorContext(ERROR_CONTEXT);
  expect(lines[0]).toBe("Error: expect(page).toHaveURL(expected) failed");
  expect(lines).toContain('Received string:  "http://127.0.0.1:3000/register/caregiver/background"');
  expect(lines).toHaveLength(21);
  expect(lines.at(-2)).toBe("  - unexpected value (16)");
  expect(lines.at(-1)).toBe("at line 194 |   await expect(page).toHaveURL(/\\/availability$/);");
  expect(lines.join("\n")).not.toContain("banner");
});

test("without those sections, nothing is made up", () => {
  expect(failureFromErrorContext("# Page snapshot\n\n```yaml\n- main\n```\n")).toEqual([]);
});
