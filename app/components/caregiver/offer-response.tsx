import { useState } from "react";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { primaryButtonClass, secondaryButtonClass, FieldError, TextAreaField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { AcceptOfferSchema, DeclineOfferSchema } from "~/features/orders/orders.schema";
import { useT, useValidationMessage } from "~/i18n/react";
import { TrainingLink } from "~/components/training/training-gate";
import { CredentialLink } from "~/components/credentials/credential-gate";

// Accept an offer, or decline it with a reason (the list and the order page).

export function OfferResponse({
  orderId,
  orderNumber,
  action,
  error,
  needsTraining = false,
  needsCredential = false,
}: {
  orderId: string;
  orderNumber: string;
  /** The route that answers the offer (the page itself when omitted). */
  action?: string;
  error?: string;
  /** The refusal was the training gate's: the way to the training goes under it. */
  needsTraining?: boolean;
  /** The refusal was the credential gate's: the way to renew goes under it. */
  needsCredential?: boolean;
}) {
  const navigation = useNavigation();
  const { t } = useT("orders");
  const [isDeclining, setIsDeclining] = useState(false);
  const isBusy = navigation.state !== "idle" && navigation.formData?.get("orderId") === orderId;
  const translate = useValidationMessage();
  // The schemas the action parses with check each form first; an error shows where the server's does.
  const [acceptForm] = useSchemaForm(AcceptOfferSchema, { id: `accept-${orderId}` });
  const [declineForm, declineFields] = useSchemaForm(DeclineOfferSchema, { id: `decline-${orderId}` });
  const shownError = translate(declineFields.reason.errors?.[0]) ?? error;
  return (
    <div className="space-y-3">
      {!isDeclining ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Form method="post" action={action} {...getFormProps(acceptForm)}>
            <input type="hidden" name="orderId" value={orderId} />
            <button
              type="submit"
              name="intent"
              value="accept"
              disabled={isBusy}
              className={`${primaryButtonClass} w-full sm:w-auto`}
              aria-label={action ? t("offerResponse.acceptOrder", { orderNumber }) : undefined}
            >
              {isBusy ? t("offerResponse.accepting") : t("offerResponse.accept")}
            </button>
          </Form>
          <button
            type="button"
            className={`${secondaryButtonClass} w-full sm:w-auto`}
            onClick={() => setIsDeclining(true)}
            aria-label={action ? t("offerResponse.declineOrder", { orderNumber }) : undefined}
          >
            {t("offerResponse.decline")}
          </button>
        </div>
      ) : (
        <Form method="post" action={action} className="space-y-3" {...getFormProps(declineForm)}>
          <input type="hidden" name="orderId" value={orderId} />
          <TextAreaField
            label={t("offerResponse.declineReason")}
            name="reason"
            required
            minLength={3}
            maxLength={500}
            rows={3}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              name="intent"
              value="decline"
              disabled={isBusy}
              className={`${primaryButtonClass} w-full sm:w-auto`}
            >
              {isBusy ? t("offerResponse.declining") : t("offerResponse.declineOffer")}
            </button>
            <button
              type="button"
              className={`${secondaryButtonClass} w-full sm:w-auto`}
              onClick={() => setIsDeclining(false)}
            >
              {t("offerResponse.keepOffer")}
            </button>
          </div>
        </Form>
      )}
      {shownError && <FieldError>{shownError}</FieldError>}
      {needsTraining && <TrainingLink />}
      {needsCredential && <CredentialLink />}
    </div>
  );
}
