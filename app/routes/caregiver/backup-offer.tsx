import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FormNotice, linkClass, sectionClass, SubmitButton } from "~/components/form-controls";
import { acceptBackupOffer, getBackupOffer } from "~/features/visits/backup-offers.server";
import { AcceptBackupOfferSchema } from "~/features/visits/visits.schema";
import { useSchemaForm } from "~/components/use-schema-form";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import { useServiceNames } from "~/components/orders/order-display";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { AreaError } from "~/components/area-error";
import { RecipientDetails } from "~/components/caregiver/recipient-details";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/backup-offer";
import { useBackupVisitWords } from "~/components/caregiver/backup-visit-display";
import { TrainingGateNotice, TrainingLink } from "~/components/training/training-gate";
import { trainingNotice } from "~/features/training/public.server";
import { TRAINING_REFUSAL } from "~/features/training/public";
import { CREDENTIAL_REFUSAL } from "~/features/credentials/public";
import { credentialNotice } from "~/features/credentials/public.server";
import { CredentialGateNotice, CredentialLink } from "~/components/credentials/credential-gate";

// A visit offered to this caregiver as a backup (the link in the backup
// offer email, and the home screen's list): the time where care happens, the
// area, the services and the pay; Accept takes it if nobody has yet
// (acceptBackupOffer). Once taken, the address and the person cared for show.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "alerts")("backupOffer.metaTitle") }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    const offer = await getBackupOffer({ actor: user, visitId: params.visitId });
    const training = offer.canAccept
      ? await trainingNotice({ actor: user, locale: localeOfRequest(request, user.locale) })
      : null;
    const credentials = offer.canAccept ? await credentialNotice({ actor: user }) : null;
    return { offer, training, credentials };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

type ActionResult = {
  ok: boolean;
  message?: string;
  result?: SubmissionResult<string[]>;
  /** The refusal was the training gate's (docs/product-rules.md, "Caregiver training"). */
  needsTraining?: boolean;
  /** The refusal was the credential gate's (docs/product-rules.md, "Credentials that expire"). */
  needsCredential?: boolean;
};

// A refused accept (409: taken meanwhile) still reloads the offer, so that the
// page shows it as it now is instead of an Accept button that cannot work.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" || defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "alerts", user.locale);
  const submission = await parseForm(request, AcceptBackupOfferSchema);
  if (submission.status !== "success") {
    // Only hidden fields: a tampered or stale form is told to try again.
    return data<ActionResult>({ ok: false, message: t("refusals.tryAgain"), result: submission.reply() }, 400);
  }
  try {
    await acceptBackupOffer({ actor: user, offerId: submission.value.offerId });
    return data<ActionResult>({ ok: true });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, reason }) => ({
      ok: false,
      message: text,
      needsTraining: reason === TRAINING_REFUSAL,
      needsCredential: reason === CREDENTIAL_REFUSAL,
    }));
  }
}

export default function BackupOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, training, credentials } = loaderData;
  const { t } = useT("alerts");
  const words = useBackupVisitWords();
  const serviceNames = useServiceNames();
  const navigation = useNavigation();
  const [form] = useSchemaForm(AcceptBackupOfferSchema, { lastResult: actionData?.result });
  const isTaken = offer.status === "accepted";
  const heading = isTaken
    ? t("backupOffer.takenHeading")
    : offer.canAccept
      ? t("backupOffer.heading")
      : t("backupOffer.closedHeading");
  const { address, recipient } = offer;

  return (
    <div className="space-y-6">
      <Link to="/caregiver/orders" className={linkClass}>
        {t("backupOffer.backToOrders")}
      </Link>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{heading}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {isTaken ? t("backupOffer.takenIntro") : offer.canAccept ? t("backupOffer.intro") : null}
        </p>
      </header>
      {actionData && !actionData.ok && actionData.message && (
        <FormNotice tone="error">
          {actionData.message}
          {actionData.needsTraining && (
            <span className="block">
              <TrainingLink />
            </span>
          )}
          {actionData.needsCredential && (
            <span className="block">
              <CredentialLink />
            </span>
          )}
        </FormNotice>
      )}
      {training && !actionData?.needsTraining && <TrainingGateNotice notice={training} />}
      {credentials && !actionData?.needsCredential && <CredentialGateNotice notice={credentials} />}
      {offer.closedReason && !actionData?.message && (
        <FormNotice tone="warning">
          {t(offer.closedReason === "taken" ? "refusals.taken" : "refusals.notNeeded")}
        </FormNotice>
      )}

      <section aria-labelledby="visit-heading" className={sectionClass}>
        <h2 id="visit-heading" className="sr-only">
          {t("backupOffer.when")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("backupOffer.when")}</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{words.when(offer)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{words.payLabel(offer)}</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{words.pay(offer)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("backupOffer.where")}</dt>
            <dd className="text-slate-900 dark:text-white">
              {address
                ? `${address.streetAddress}, ${address.city ? `${address.city}, ${address.state} ` : ""}${address.zipCode}`
                : words.area(offer)}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{t("backupOffer.services")}</dt>
            <dd className="text-slate-900 dark:text-white">{serviceNames(offer.services)}</dd>
          </div>
        </dl>
        {offer.canAccept && (
          <Form method="post" className="mt-6" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="offerId" value={offer.offerId} />
            <SubmitButton isPending={navigation.state !== "idle"} pendingLabel={t("backupOffer.accepting")}>
              {t("backupOffer.accept")}
            </SubmitButton>
          </Form>
        )}
      </section>

      {recipient && (
        <section aria-labelledby="recipient-heading" className={sectionClass}>
          <h2 id="recipient-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("backupOffer.recipient")}
          </h2>
          <RecipientDetails recipient={recipient} />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("alerts");
  return (
    <AreaError
      error={error}
      heading={t("backupOffer.notFoundHeading")}
      text={t("backupOffer.notFound")}
      backTo="/caregiver/orders"
      backLabel={t("backupOffer.backToOrders")}
    />
  );
}
