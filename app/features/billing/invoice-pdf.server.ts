import type PdfKit from "pdfkit";
import { loadOnUse } from "~/utils/load-on-use.server";

/** Loaded with the first invoice PDF (utils/load-on-use.server.ts). */
const pdfKit = loadOnUse<typeof PdfKit>("pdfkit");
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/utils/money";
import { getTranslate } from "~/i18n/i18n.server";
import type { InvoiceView } from "./family-billing.server";
import { invoiceWords } from "./invoice-words";
import { instructionRows } from "./payment-instructions";

// An invoice as a PDF (/dashboard/billing/:invoiceNumber/pdf; an admin's page may use it too), in
// the reader's language, with the words of the invoice page (invoice-words.ts). PDFKit's built-in
// Helvetica writes Windows-1252 text: the special spaces Intl puts in times and money are made
// plain spaces first.

const MARGIN = 50;
const INK = "#0f172a";
const MUTED = "#475569";

const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

export async function renderInvoicePdf({
  invoice,
  locale,
  clientName,
}: {
  invoice: InvoiceView;
  locale: Locale;
  clientName: string;
}): Promise<Buffer> {
  const t = getTranslate(locale, "billing");
  const words = invoiceWords(invoice, t, locale);
  const PdfDocument = pdfKit();
  const doc = new PdfDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: `${t("pdf.title")} ${invoice.invoiceNumber}`, Author: t("pdf.company") },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(plain(value), options);

  doc.font("Helvetica-Bold").fontSize(20).fillColor(INK);
  text(t("pdf.company"));
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  text(t("pdf.generated"));
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK);
  text(t("invoice.heading", { invoiceNumber: invoice.invoiceNumber }));
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  text(t("invoice.forOrder", { orderNumber: invoice.orderNumber }));
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    [t("pdf.billedTo"), clientName],
    ...words.facts,
    [t("list.columns.status"), t(`status.${invoice.status}`)],
  ];
  for (const [label, value] of facts) {
    doc.font("Helvetica-Bold");
    text(`${label}: `, { continued: true });
    doc.font("Helvetica");
    text(value);
  }
  doc.moveDown();

  // The visits: date, times, hours, rate, amount; notes under each.
  const columns = [
    { key: "date", x: MARGIN, w: 110 },
    { key: "times", x: MARGIN + 110, w: 140 },
    { key: "hours", x: MARGIN + 250, w: 80 },
    { key: "rate", x: MARGIN + 330, w: 80 },
    { key: "amount", x: MARGIN + 410, w: width - 410 },
  ] as const;
  const row = (cells: Record<(typeof columns)[number]["key"], string>, bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK);
    let bottom = y;
    for (const column of columns) {
      doc.text(plain(cells[column.key]), column.x, y, {
        width: column.w - 6,
        align: column.key === "amount" ? "right" : "left",
      });
      bottom = Math.max(bottom, doc.y);
    }
    doc.x = MARGIN;
    doc.y = bottom;
  };
  doc.font("Helvetica-Bold").fontSize(12);
  text(t("invoice.visitsHeading"), { width });
  doc.moveDown(0.3);
  row(
    {
      date: t("invoice.columns.date"),
      times: t("invoice.columns.times"),
      hours: t("invoice.columns.hours"),
      rate: t("invoice.columns.rate"),
      amount: t("invoice.columns.amount"),
    },
    true,
  );
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + width, doc.y + 2)
    .strokeColor("#cbd5e1")
    .stroke();
  doc.moveDown(0.4);
  for (const visit of words.visits) {
    row(visit);
    doc.font("Helvetica").fontSize(9).fillColor(MUTED);
    for (const note of visit.notes) text(note, { width: width - 120, indent: 10 });
    doc.moveDown(0.4);
  }

  // The summary, right-aligned figures.
  doc.moveDown(0.5);
  for (const line of words.summary) {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    doc
      .font(line.isTotal ? "Helvetica-Bold" : "Helvetica")
      .fontSize(line.isTotal ? 12 : 10)
      .fillColor(INK);
    doc.text(plain(line.label), MARGIN + 200, y, { width: 200 });
    doc.text(plain(line.amount), MARGIN + 400, y, { width: width - 400, align: "right" });
    doc.x = MARGIN;
  }

  writeHowToPay(doc, invoice, t, width);

  if (words.payments.length > 0) {
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK);
    text(t("invoice.paymentsHeading"), { width });
    doc.font("Helvetica").fontSize(10);
    for (const payment of words.payments) {
      text(`${payment.text} · ${formatMoney(payment.amountCents, locale)}`, { width });
    }
  }
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  text(words.timeZoneNote, { width });

  doc.end();
  return done;
}

/**
 * "How to pay" for an invoice still owed (docs/product-rules.md, "How to pay an invoice"): the
 * admin's instructions and the reference to write, or how to reach support, or the card.
 */
function writeHowToPay(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceView,
  t: ReturnType<typeof getTranslate>,
  width: number,
) {
  const { howToPay } = invoice;
  if (howToPay.kind === "settled") return;
  if (doc.y > doc.page.height - MARGIN - 140) doc.addPage();
  doc.x = MARGIN;
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK);
  doc.text(plain(t("howToPay.heading")), { width });
  doc.font("Helvetica").fontSize(10);
  if (howToPay.kind === "card-only") {
    doc.text(plain(t("howToPay.cardOnly")), { width });
    return;
  }
  if (howToPay.kind === "ask-support") {
    doc.text(plain(t("howToPay.askSupport", { email: howToPay.supportEmail, reference: howToPay.reference })), {
      width,
    });
    return;
  }
  doc.text(plain(t("howToPay.intro")), { width });
  doc.moveDown(0.3);
  const rows = instructionRows(howToPay.instructions, (field) => t(`howToPay.fields.${field}`));
  for (const row of [...rows, { label: t("howToPay.reference"), value: howToPay.reference }]) {
    doc.font("Helvetica-Bold").text(plain(`${row.label}: `), { width, continued: true });
    doc.font("Helvetica").text(plain(row.value), { width });
  }
  doc.moveDown(0.3);
  doc.text(plain(t("howToPay.referenceText", { reference: howToPay.reference })), { width });
}

/** The file name a downloaded invoice is saved under. */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `${invoiceNumber}.pdf`;
}
