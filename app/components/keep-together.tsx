import { Fragment } from "react";

/**
 * `text` with every `whole` in it kept on one line: an order number ("TN-2026-000001") never breaks at
 * its hyphens on a narrow screen (docs/product-rules.md, "Languages": Spanish words run longer).
 */
export function KeepTogether({ text, whole }: { text: string; whole: string }) {
  const parts = whole ? text.split(whole) : [text];
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <span className="whitespace-nowrap">{whole}</span>}
      {part}
    </Fragment>
  ));
}
