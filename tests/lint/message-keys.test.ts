import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";

// Messages as keys (docs/decisions/0025-messages-as-keys.md): a feature refuses
// with a message key and named values, never an English sentence, and the
// catalogue holds the only text. No feature throws English (AppError takes
// keys only, checked by the typecheck and below), no schema gives English (the
// schemas name their messages by key and import no catalogue), and nothing
// looks an English text up to find its key: the lookup (localizeText) is gone.

/** Where an English text is still looked up (localizeText): nowhere, and it must stay so. */
const STILL_LOOKING_UP_ENGLISH: string[] = [];

/** `new AppError(code, "…")` or `` new AppError(code, `…`) `` with text that is not a message key. */
const ENGLISH_APP_ERROR = /new AppError\(\s*"\w+",\s*["`](?![a-z-]+:[A-Za-z0-9_.]+["`])/;
const LOOKUP = /\blocalizeText\(/;
/** A module that takes the English validation texts as values (a type of them is fine: message-keys.ts). */
const ENGLISH_VALIDATION_IMPORT = /^import (?!type )[^;]*from "[^"]*locales\/en\/validation[^"]*";/m;
/** The one module that loads the catalogue for i18next. */
const LOADS_THE_CATALOGUE = ["app/i18n/resources.server.ts"];

function filesMatching(dir: string, pattern: RegExp): string[] {
  return sourceFiles(dir, /\.tsx?$/)
    .filter((file) => pattern.test(readFileSync(path.join(ROOT, file), "utf8")))
    .sort();
}

describe("messages are keys, from the feature to the screen", () => {
  test("the check finds an English AppError and lets a key through", () => {
    expect(ENGLISH_APP_ERROR.test('throw new AppError("conflict", "This offer is no longer open.");')).toBe(true);
    expect(ENGLISH_APP_ERROR.test('throw new AppError(\n  "invalid",\n  `Too late for ${day}.`,\n);')).toBe(true);
    expect(
      ENGLISH_APP_ERROR.test('throw new AppError("conflict", { key: "orders:refusals.offerNoLongerOpen" });'),
    ).toBe(false);
    expect(ENGLISH_APP_ERROR.test('throw new AppError("invalid", "admin-billing:errors.amountInvalid");')).toBe(false);
  });

  test("no feature constructs an AppError with an English sentence", () => {
    expect(filesMatching("app/features", ENGLISH_APP_ERROR)).toEqual([]);
  });

  test("the checks find an English lookup and an English catalogue taken as values", () => {
    expect(LOOKUP.test("return worded === message ? localizeText(locale, message) : worded;")).toBe(true);
    expect(ENGLISH_VALIDATION_IMPORT.test('import V from "~/i18n/locales/en/validation/request";')).toBe(true);
    expect(ENGLISH_VALIDATION_IMPORT.test('import type en from "~/i18n/locales/en/validation";')).toBe(false);
  });

  test("localizeText appears nowhere but in the listed modules", () => {
    expect(filesMatching("app", LOOKUP)).toEqual(STILL_LOOKING_UP_ENGLISH);
  });

  test("no schema takes its messages from the English validation catalogue", () => {
    expect(filesMatching("app", ENGLISH_VALIDATION_IMPORT)).toEqual(LOADS_THE_CATALOGUE);
  });
});
