import { find } from "linkifyjs";

// A message's text cut into plain text, web links and phone numbers
// (docs/product-rules.md, "Messages"). Messages are plain text: the page shows
// these pieces as React text and <a> elements, never as HTML, so whatever a
// person types (tags, scripts) is shown as the characters they typed. Links
// are recognised by linkifyjs and kept only when they are http or https;
// phone numbers become tel: links.

export type TextSegment =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "phone"; text: string; href: string };

/** A run that may be a phone number: digits with spaces, dots, dashes or brackets, not inside a word. */
const PHONE_CANDIDATE = /(?<![\w.\-+/])\+?\(?\d[\d ().-]{6,}\d(?!\w)/g;
const MIN_PHONE_DIGITS = 10;
const MAX_PHONE_DIGITS = 15;

/** The link's address when it is a well-formed http or https URL, else null. */
export function safeWebHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The tel: address of a phone-number-like text, or null when it does not read as one. */
export function phoneHref(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return null;
  // Two separators in a row, or brackets that do not pair up, read as something else (a list, a range).
  if (/[.-]{2}| {2}/.test(text)) return null;
  if ((text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length) return null;
  return `tel:${text.trim().startsWith("+") ? "+" : ""}${digits}`;
}

function phoneSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let position = 0;
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const href = phoneHref(match[0]);
    if (!href) continue;
    const start = match.index;
    if (start > position) segments.push({ kind: "text", text: text.slice(position, start) });
    segments.push({ kind: "phone", text: match[0], href });
    position = start + match[0].length;
  }
  if (position < text.length) segments.push({ kind: "text", text: text.slice(position) });
  return segments;
}

/** The message's text as plain text, web links and phone numbers, in order; joined they give the text back. */
export function messageSegments(body: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let position = 0;
  for (const link of find(body, "url", { defaultProtocol: "https" })) {
    const href = safeWebHref(link.href);
    if (!href) continue;
    if (link.start > position) segments.push(...phoneSegments(body.slice(position, link.start)));
    segments.push({ kind: "link", text: link.value, href });
    position = link.end;
  }
  if (position < body.length) segments.push(...phoneSegments(body.slice(position)));
  return segments;
}
