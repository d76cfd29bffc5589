import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, test } from "vitest";

// The check that a migrated file shows no text of its own: every word a
// person reads comes from the messages (docs/architecture.md, "Translations").
// It flags, in every screen, component, route module and email template:
// - text between JSX tags;
// - string literals in attributes people read (label, title, aria-label, ...);
// - string literals given to toast.*() or as a title, description, heading,
//   subject ... property (toasts, meta tags, emails).
// Names and codes that read the same in every language are allowed.

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT_ATTRIBUTES = new Set([
  "label",
  "title",
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "placeholder",
  "alt",
  "hint",
  "description",
  "legend",
  "content",
]);
const TEXT_PROPERTIES = new Set([
  "title",
  "description",
  "label",
  "text",
  "message",
  "heading",
  "subject",
  "preheader",
  "footnote",
  "paragraphs",
  "content",
]);
const ALLOWED = new Set(["Tendly"]);

type Finding = { line: number; text: string; where: string };
type AstNode = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
const isReadable = (text: string) => /\p{L}{2,}/u.test(text) && !ALLOWED.has(text.trim());

/** Readable string literals of an expression (a literal, a template, both sides of a conditional, an array). */
function literalsIn(node: unknown): AstNode[] {
  if (!isNode(node)) return [];
  switch (node.type) {
    case "StringLiteral":
      return isReadable(node.value as string) ? [node] : [];
    case "TemplateLiteral":
      return (node.quasis as AstNode[]).some((quasi) => isReadable((quasi.value as { cooked: string }).cooked))
        ? [node]
        : [];
    case "ConditionalExpression":
      return [...literalsIn(node.consequent), ...literalsIn(node.alternate)];
    case "LogicalExpression":
      return [...literalsIn(node.left), ...literalsIn(node.right)];
    case "ArrayExpression":
      return (node.elements as unknown[]).flatMap(literalsIn);
    case "JSXExpressionContainer":
      return literalsIn(node.expression);
    default:
      return [];
  }
}

function textOf(node: AstNode): string {
  if (node.type === "StringLiteral") return node.value as string;
  if (node.type === "JSXText") return (node.value as string).trim();
  return "`…`";
}

export function findBypasses(source: string, fileName: string): Finding[] {
  const ast = parse(source, { sourceType: "module", plugins: ["typescript", "jsx"], sourceFilename: fileName });
  const findings: Finding[] = [];
  const report = (node: AstNode, where: string) =>
    findings.push({ line: node.loc?.start.line ?? 0, text: textOf(node), where });

  function visit(node: unknown): void {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (node.type === "JSXText" && isReadable(node.value as string)) report(node, "text between tags");
    if (node.type === "JSXAttribute") {
      const name = (node.name as AstNode).name as string;
      if (TEXT_ATTRIBUTES.has(name)) for (const literal of literalsIn(node.value)) report(literal, `${name}=`);
    }
    if (node.type === "JSXElement" || node.type === "JSXFragment") {
      // {"text"} or {cond ? "a" : "b"} as a child (not as an attribute's value).
      for (const child of node.children as AstNode[]) {
        if (child.type === "JSXExpressionContainer")
          for (const literal of literalsIn(child)) report(literal, "text in braces");
      }
    }
    if (node.type === "ObjectProperty" && isNode(node.key)) {
      const key = (node.key.name ?? node.key.value) as string;
      if (TEXT_PROPERTIES.has(key)) for (const literal of literalsIn(node.value)) report(literal, `${key}:`);
    }
    if (node.type === "CallExpression" && isNode(node.callee) && node.callee.type === "MemberExpression") {
      const object = node.callee.object as AstNode;
      if (object.type === "Identifier" && object.name === "toast")
        for (const literal of literalsIn((node.arguments as unknown[])[0])) report(literal, "toast()");
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "start" || key === "end" || key === "extra") continue;
      if (typeof value === "object") visit(value);
    }
  }
  visit(ast.program);
  // A text is reported once even when two rules see it.
  return findings.filter(
    (finding, index) =>
      findings.findIndex((other) => other.line === finding.line && other.text === finding.text) === index,
  );
}

function filesUnder(folder: string, pattern: RegExp): string[] {
  return (
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
      // Not the lint tests' probe modules, written and deleted while this runs (tests/support/source-files.ts).
      .filter((file) => pattern.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("__lint_probe__"))
  );
}

/** Every file that puts words in front of a person: routes, components, browser code, email templates. */
const SCREENS = [
  ...filesUnder("app/routes", /\.tsx?$/),
  ...filesUnder("app/components", /\.tsx?$/),
  ...filesUnder("app/client", /\.tsx?$/),
  ...filesUnder("app/platform/email/templates", /\.ts$/),
];

describe("no screen shows text of its own", () => {
  test.each(SCREENS)("%s", (file) => {
    const findings = findBypasses(readFileSync(path.join(ROOT, file), "utf8"), file);
    expect(findings.map(({ line, where, text }) => `${file}:${line} ${where} "${text}"`)).toEqual([]);
  });

  test("the check covers the screens of every area", () => {
    expect(SCREENS.length).toBeGreaterThan(100);
    for (const area of ["public", "request", "client", "caregiver", "caregiver-onboarding", "admin", "auth"])
      expect(SCREENS.some((file) => file.startsWith(`app/routes/${area}/`))).toBe(true);
  });
});

describe("findBypasses (the check itself)", () => {
  test("finds text, readable attributes, toasts and text properties", () => {
    const source = `
      export function A({ ok }: { ok: boolean }) {
        toast.success("Saved");
        const meta = { title: "Sign In | Tendly", name: "description" };
        return (
          <div className="p-4" aria-label="Main">
            Hello there
            <input placeholder={ok ? "Your name" : "Name"} data-testid="field" />
            {ok ? "Yes" : "No"}
            {t("key")}
            Tendly
          </div>
        );
      }`;
    expect(
      findBypasses(source, "a.tsx")
        .map((finding) => finding.text)
        .sort(),
    ).toEqual(["Hello there", "Main", "Name", "No", "Saved", "Sign In | Tendly", "Yes", "Your name"]);
  });

  test("passes translated text, class names, ids and allowed names", () => {
    const source = `
      export const B = () => (
        <p className="text-sm" id="x" title={t("a")}>
          {t("b")} · <Trans i18nKey="c" /> Tendly
        </p>
      );`;
    expect(findBypasses(source, "b.tsx")).toEqual([]);
  });
});
