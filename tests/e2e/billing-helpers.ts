import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { invoices } from "~/platform/db/schema";
import { e2eDatabase } from "./e2e-database";
import { expect } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Invoices for the billing end-to-end tests: the one the suite server's job issues for a completed
// visit (visit-helpers.ts completeVisit), an invoice as it is now, and the text of an invoice's PDF.

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice of the order, once the suite server's job has issued it. */
export async function awaitInvoice(orderId: string): Promise<InvoiceRow> {
  const db = e2eDatabase();
  let invoice: InvoiceRow | undefined;
  await expect
    .poll(
      async () => {
        [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
        return invoice?.invoiceNumber ?? null;
      },
      { timeout: TIMEOUTS.background },
    )
    .toMatch(/^INV-\d{4}-\d{6}$/);
  return invoice!;
}

export async function invoiceNow(invoiceId: string): Promise<InvoiceRow> {
  const [invoice] = await e2eDatabase().select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

/** The text of a PDF (an invoice or its receipt). */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
