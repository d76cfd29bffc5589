import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { AppError } from "~/utils/app-error";
import { flattenMessages } from "./completeness";
import { LOCALES } from "./config";
import { getFixedT, messageText, refusalText, validationText } from "./i18n.server";
import { isMessageKey, messageKey } from "./message-keys";
import { translateValidation, validationRef } from "./message-text";
import { RESOURCES } from "./resources.server";

// Messages as keys (docs/decisions/0025-messages-as-keys.md): worded on the
// server and on the client from the same key, and every key the code names
// exists in every language.

describe("messageText", () => {
  test("words a key with its values in each language", () => {
    const ref = { key: "visits:visit.for", values: { name: "Ana" } } as const;
    expect(messageText("en", ref)).toBe("For Ana");
    expect(messageText("es", ref)).toBe("Para Ana");
  });
});

describe("refusalText", () => {
  test("words a refusal's key in the reader's language", () => {
    const refusal = new AppError("conflict", { key: "reviews:refusals.editClosed" });
    expect(refusalText("es", refusal)).toBe("Ya pasó el plazo para cambiar esta reseña.");
    expect(refusalText("en", refusal)).toBe("The time to change this feedback has passed.");
  });
});

describe("validationText and translateValidation", () => {
  const Schema = z.object({ email: z.string().email(messageKey("validation:emailInvalid")) });
  const issue = () => Schema.safeParse({ email: "no" }).error!.issues[0]!;

  test("a schema gives the key as its message, and the server words it for the reader", () => {
    expect(issue().message).toBe("validation:emailInvalid");
    expect(validationText("es", issue())).toBe("Escriba un correo electrónico válido");
    expect(validationText("en", issue().message)).toBe("Please enter a valid email address");
  });

  test("the client words the same key with its t()", () => {
    expect(translateValidation(getFixedT("es", "validation"), issue().message)).toBe(
      "Escriba un correo electrónico válido",
    );
    expect(translateValidation(getFixedT("es", "validation"), undefined)).toBeUndefined();
  });

  test("a text that is no key stays as it is, even an English text of the catalogue", () => {
    expect(validationText("es", "Something else")).toBe("Something else");
    expect(validationText("es", "Please enter a valid email address")).toBe("Please enter a valid email address");
    expect(translateValidation(getFixedT("es", "validation"), "Please enter a valid email address")).toBe(
      "Please enter a valid email address",
    );
    expect(validationRef("Please enter a valid email address")).toBeUndefined();
    expect(validationRef("validation:emailInvalid")).toEqual({ key: "validation:emailInvalid" });
    expect(isMessageKey("Note: read this")).toBe(false);
    expect(isMessageKey("nowhere:a.b")).toBe(false);
    expect(isMessageKey("reviews:refusals.notYet")).toBe(true);
  });
});

const APP = path.resolve(import.meta.dirname, "..");
// A key as refusals and schemas give it: `{ key: "ns:path" }`, `messageKey("ns:path")`, a table's "ns:path".
const KEY_LITERAL = /["`]([a-z-]+:[A-Za-z0-9_.]+)["`]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    // Not the lint tests' probe modules, written and deleted while this runs (tests/support/source-files.ts).
    const isSource = /\.tsx?$/.test(entry.name) && !entry.name.startsWith("__lint_probe__");
    return isSource && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

// A message, its plural's base, or a group of messages (a notification's title, message and action).
function namesOf(ns: string, key: string): string[] {
  const parts = key.split(".");
  return [key.replace(/_[a-z]+$/, ""), ...parts.map((_, end) => parts.slice(0, end + 1).join("."))].map(
    (name) => `${ns}:${name}`,
  );
}

describe("every message key the code names", () => {
  const used = new Set(
    sourceFiles(APP).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(KEY_LITERAL)].map((match) => match[1]!).filter(isMessageKey),
    ),
  );

  test("is found", () => {
    // The features' refusals and the schemas' messages are keys.
    expect(used.size).toBeGreaterThan(0);
  });

  test.each(LOCALES)("exists in %s", (locale) => {
    const known = new Set(
      Object.entries(RESOURCES[locale]).flatMap(([ns, tree]) =>
        [...flattenMessages(tree).keys()].flatMap((key) => namesOf(ns, key)),
      ),
    );
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});
