import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";

// Shared look of every Tendly email: teal header, white card, plain footer.
// Everything interpolated goes through escapeHtml.
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export type EmailContent = {
  /** The language the email is written in (the account's, app/i18n); English by default. */
  locale?: Locale;
  subject: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

// Where an unsubscribe line goes in the footer (withUnsubscribeLink): the
// templates stay as they are, and the code that sends an email to an account
// adds the link for that account.
const UNSUBSCRIBE_MARK = "<!--unsubscribe-->";

export function renderEmail(content: EmailContent): RenderedEmail {
  const { locale = DEFAULT_LOCALE, subject, preheader, heading, paragraphs, action, footnote } = content;
  const t = getFixedT(locale, "email");
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif;color:#1e293b">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0d9488;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:0.5px">Tendly</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1e293b">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0d9488;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#475569">${escapeHtml(t("layout.buttonFallback"))}<br><a href="${escapeHtml(action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
${footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(footnote)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;font-size:12px;color:#64748b">${escapeHtml(t("layout.footer"))}${UNSUBSCRIBE_MARK}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    "Tendly",
    "",
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footnote ? [footnote, ""] : []),
    t("layout.footerText"),
  ].join("\n");
  return { subject, html, text };
}

/**
 * An email to an account with its unsubscribe link (docs/product-rules.md,
 * "Notification delivery"): a line in the footer, in the email's language,
 * and the List-Unsubscribe headers with the one-click POST of RFC 8058, so
 * that mail clients can offer their own unsubscribe button.
 */
export function withUnsubscribeLink(
  email: RenderedEmail,
  input: { url: string; locale?: Locale },
): RenderedEmail & { headers: Record<string, string> } {
  const t = getFixedT(input.locale ?? DEFAULT_LOCALE, "delivery");
  const url = escapeHtml(input.url);
  const line = `<br><br>${escapeHtml(t("email.unsubscribeIntro"))} <a href="${url}" style="color:#0f766e">${escapeHtml(t("email.unsubscribe"))}</a>`;
  return {
    subject: email.subject,
    html: email.html.replace(UNSUBSCRIBE_MARK, line),
    text: `${email.text}\n\n${t("email.unsubscribeIntro")} ${t("email.unsubscribe")}: ${input.url}`,
    headers: { "List-Unsubscribe": `<${input.url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
