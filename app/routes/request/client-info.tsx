import { useEffect } from "react";
import { withRecipient, withoutPerson } from "~/features/care-requests/recipients";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/client-info";
import { ChoiceGroup } from "~/components/request/choice-group";
import { ClientInfoFields } from "~/components/request/person-fields";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "~/components/request/wizard";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("clientInfo.metaTitle") }, { name: "description", content: t("clientInfo.metaDescription") }];
};

export default function ClientInfoStep() {
  const { t } = useT("request");
  return (
    <WizardStep step="client-info" description={t("clientInfo.description")}>
      <ClientInfoForm />
    </WizardStep>
  );
}

function ClientInfoForm() {
  const { draft, update, replaceData, prefill: fillIn, viewer } = useWizard();
  const { errors, onSubmit } = useStepSubmit("client-info", "health-needs");
  const data = draft.data;
  const { t } = useT("request");

  // A signed-in client's phone, street address and ZIP code are filled in
  // from their profile where the draft has none yet.
  useEffect(() => {
    const prefill = viewer?.prefill ?? {};
    const missing = Object.fromEntries(
      (["phoneNumber", "streetAddress", "zipCode"] as const)
        .filter((field) => !data[field] && prefill[field])
        .map((field) => [field, prefill[field]]),
    );
    if (Object.keys(missing).length > 0) fillIn(missing);
    // Only on arrival: a field the person empties stays empty.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [viewer]);

  // "Who is this care for?": a saved person fills in every answer about them; "Someone new" empties them.
  const recipients = viewer?.role === "client" ? viewer.recipients : [];
  const NEW = "new";
  const choose = (value: string) => {
    const recipient = recipients.find((saved) => saved.id === value);
    replaceData(recipient ? withRecipient(data, recipient) : withoutPerson(data));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      {recipients.length > 0 && (
        <ChoiceGroup
          legend={t("recipients.whoIsThisFor")}
          hint={t("recipients.whoIsThisForHint")}
          name="savedRecipient"
          type="radio"
          options={[
            ...recipients.map((saved) => ({ value: saved.id, label: saved.fullName })),
            { value: NEW, label: t("recipients.someoneNew") },
          ]}
          isChecked={(value) => (data.careRecipientId ?? NEW) === value}
          onToggle={(value) => choose(value)}
        />
      )}
      <ClientInfoFields data={data} update={update} errors={errors} ownName={viewer?.prefill.fullName} />
      <StepButtons />
    </form>
  );
}
