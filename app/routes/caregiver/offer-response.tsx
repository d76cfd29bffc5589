import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  fieldErrorClass,
  inputClass,
  labelClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "~/components/form-controls";

// Accept an offer, or decline it with a reason (the list and the order page).

export function OfferResponse({
  orderId,
  orderNumber,
  action,
  error,
}: {
  orderId: string;
  orderNumber: string;
  /** The route that answers the offer (the page itself when omitted). */
  action?: string;
  error?: string;
}) {
  const navigation = useNavigation();
  const [isDeclining, setIsDeclining] = useState(false);
  const reasonId = useId();
  const isBusy = navigation.state !== "idle" && navigation.formData?.get("orderId") === orderId;
  return (
    <div className="space-y-3">
      {!isDeclining ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Form method="post" action={action}>
            <input type="hidden" name="orderId" value={orderId} />
            <button
              type="submit"
              name="intent"
              value="accept"
              disabled={isBusy}
              className={`${primaryButtonClass} w-full sm:w-auto`}
              aria-label={action ? `Accept order ${orderNumber}` : undefined}
            >
              {isBusy ? "Accepting..." : "Accept this job"}
            </button>
          </Form>
          <button
            type="button"
            className={`${secondaryButtonClass} w-full sm:w-auto`}
            onClick={() => setIsDeclining(true)}
            aria-label={action ? `Decline order ${orderNumber}` : undefined}
          >
            Decline
          </button>
        </div>
      ) : (
        <Form method="post" action={action} className="space-y-3">
          <input type="hidden" name="orderId" value={orderId} />
          <div>
            <label htmlFor={reasonId} className={labelClass}>
              Why are you declining? (the family does not see this)
            </label>
            <textarea
              id={reasonId}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={3}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              name="intent"
              value="decline"
              disabled={isBusy}
              className={`${primaryButtonClass} w-full sm:w-auto`}
            >
              {isBusy ? "Declining..." : "Decline the offer"}
            </button>
            <button
              type="button"
              className={`${secondaryButtonClass} w-full sm:w-auto`}
              onClick={() => setIsDeclining(false)}
            >
              Keep the offer
            </button>
          </div>
        </Form>
      )}
      {error && (
        <p role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
