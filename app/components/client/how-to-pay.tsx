import { Landmark } from "lucide-react";
import { linkClass, sectionClass } from "~/components/form-controls";
import { instructionRows, type HowToPay, type PaymentInstructions } from "~/features/billing/payment-instructions";
import { useT } from "~/i18n/react";

// "How to pay" for a family (docs/product-rules.md, "How to pay an invoice"): the payment
// instructions an admin set on /admin/billing (payee, bank, account, the address for checks, a
// note) with the reference to write; or, until an admin sets them, how to reach support to pay,
// never an empty box. The invoice page shows it for an invoice still owed (`HowToPaySection`), the
// card page for any invoice (`PaymentInstructionsSection`).

const headingClass = "flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white";

function InstructionList({ instructions }: { instructions: PaymentInstructions }) {
  const { t } = useT("billing");
  const rows = instructionRows(instructions, (field) => t(`howToPay.fields.${field}`));
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
      {rows.map((row) => (
        <div key={row.field} className="contents" data-testid={`how-to-pay-${row.field}`}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{row.label}</dt>
          <dd className="font-semibold break-words whitespace-pre-line text-slate-900 dark:text-white">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SupportLine({ text, email, subject }: { text: string; email: string; subject?: string }) {
  // The address in the sentence is a link that opens a mail to support (with the reference as subject).
  const [before, after] = text.split(email);
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <p className="mt-2 text-slate-700 dark:text-slate-200">
      {before}
      <a href={href} className={`${linkClass} break-all`}>
        {email}
      </a>
      {after}
    </p>
  );
}

function Frame({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass} data-testid="how-to-pay">
      <h2 id={id} className={headingClass}>
        <Landmark aria-hidden="true" className="size-5 text-teal-700 dark:text-teal-300" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * On an invoice page: how to pay what is still owed. Nothing when it is settled, or when the card
 * is the only way and the page offers it (`hasCardOption`); support's address when it does not.
 */
export function HowToPaySection({ howToPay, hasCardOption }: { howToPay: HowToPay; hasCardOption: boolean }) {
  const { t } = useT("billing");
  if (howToPay.kind === "settled" || (howToPay.kind === "card-only" && hasCardOption)) return null;
  if (howToPay.kind === "ask-support" || howToPay.kind === "card-only")
    return (
      <Frame id="how-to-pay-heading" title={t("howToPay.heading")}>
        <SupportLine
          text={t("howToPay.askSupport", { email: howToPay.supportEmail, reference: howToPay.reference })}
          email={howToPay.supportEmail}
          subject={howToPay.reference}
        />
      </Frame>
    );
  return (
    <Frame id="how-to-pay-heading" title={t("howToPay.heading")}>
      <p className="mt-1 text-slate-700 dark:text-slate-200">{t("howToPay.intro")}</p>
      {hasCardOption && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("howToPay.cardToo")}</p>}
      <InstructionList instructions={howToPay.instructions} />
      <p className="mt-3 rounded-lg bg-teal-50 px-4 py-3 text-slate-900 dark:bg-teal-950/40 dark:text-white">
        <span className="font-semibold">{t("howToPay.reference")}: </span>
        <span className="font-mono font-semibold" data-testid="how-to-pay-reference">
          {howToPay.reference}
        </span>
        <span className="mt-1 block text-sm text-slate-700 dark:text-slate-200">
          {t("howToPay.referenceText", { reference: howToPay.reference })}
        </span>
      </p>
    </Frame>
  );
}

/** On the card page: the instructions for any invoice, or how to reach support while there are none. */
export function PaymentInstructionsSection({
  instructions,
  supportEmail,
  title,
}: {
  instructions: PaymentInstructions | null;
  supportEmail: string;
  title: string;
}) {
  const { t } = useT("billing");
  return (
    <Frame id="payment-instructions-heading" title={title}>
      {instructions ? (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-200">{t("howToPay.intro")}</p>
          <InstructionList instructions={instructions} />
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">{t("howToPay.referenceGeneral")}</p>
        </>
      ) : (
        <SupportLine text={t("howToPay.askSupportGeneral", { email: supportEmail })} email={supportEmail} />
      )}
    </Frame>
  );
}
