import { useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { getFormProps } from "@conform-to/react";
import {
  DeliveryPreferencesFormSchema,
  preferenceFieldName,
  QuietHoursFormSchema,
  type DeliveryActionResult,
} from "~/features/notifications/delivery-settings.schema";
import {
  CHANNELS,
  isChannelOffered,
  type Channel,
  type DeliveryPreferences,
} from "~/features/notifications/preferences";
import { useT, useValidationMessage } from "~/i18n/react";
import { NOTIFICATION_TYPES } from "~/utils/notifications";
import { FormNotice, SubmitButton, TextField, labelClass, sectionClass } from "./form-controls";
import { PushDeviceSettings } from "./push-device-settings";
import { SmsSettings, type SmsSettingsData } from "./sms-settings";
import { useSchemaForm } from "./use-schema-form";

// The "Notifications" tab of the settings page (docs/product-rules.md,
// "Notification delivery"): per type, in the app, by email, by push and (urgent
// alerts only, when texts are configured) by text message; quiet hours on the
// person's clock; push on this device; and the phone for texts. Each form posts to the
// page's own action with its intent and says "Saved" when it is.

export type DeliverySettingsData = {
  preferences: DeliveryPreferences;
  quietHours: { isOn: boolean; start: string; end: string; timeZone: string | null };
  pushDevices: number;
  pushPublicKey: string | null;
  sms: SmsSettingsData;
};

export function DeliverySettings({ settings }: { settings: DeliverySettingsData }) {
  return (
    <div className="space-y-8">
      <PreferencesForm preferences={settings.preferences} isSmsAvailable={settings.sms.isAvailable} />
      <QuietHoursForm quietHours={settings.quietHours} />
      <PushDeviceSettings publicKey={settings.pushPublicKey} deviceCount={settings.pushDevices} />
      <SmsSettings sms={settings.sms} />
    </div>
  );
}

function PreferencesForm({
  preferences,
  isSmsAvailable,
}: {
  preferences: DeliveryPreferences;
  isSmsAvailable: boolean;
}) {
  const { t } = useT("delivery");
  // Without a text-message provider the column is left out; the choices made are kept as they are.
  const channels: readonly Channel[] = isSmsAvailable ? CHANNELS : CHANNELS.filter((channel) => channel !== "sms");
  const fetcher = useFetcher<DeliveryActionResult>({ key: "delivery-preferences" });
  const isPending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // Ticked boxes the person changed since the last save hide the previous "Saved".
  const [isChanged, setIsChanged] = useState(false);
  const [form] = useSchemaForm(DeliveryPreferencesFormSchema, {
    id: "delivery-preferences-form",
    lastResult: result && !result.ok ? result.result : undefined,
  });
  const formProps = getFormProps(form);
  return (
    <section aria-labelledby="delivery-preferences-heading" className={sectionClass}>
      <h2 id="delivery-preferences-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("preferences.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("preferences.description")}</p>
      <fetcher.Form
        method="post"
        className="mt-5 space-y-5"
        {...formProps}
        onChange={() => setIsChanged(true)}
        onSubmit={(event) => {
          setIsChanged(false);
          formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="delivery-preferences" />
        {!isSmsAvailable &&
          NOTIFICATION_TYPES.filter((type) => preferences[type].sms).map((type) => (
            <input key={type} type="hidden" name={preferenceFieldName(type, "sms")} value="on" />
          ))}
        <table className="block w-full text-left sm:table">
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4 text-sm font-semibold text-slate-700 dark:text-slate-200">
                {t("preferences.typeColumn")}
              </th>
              {channels.map((channel) => (
                <th
                  key={channel}
                  scope="col"
                  className="px-3 py-2 text-center text-sm font-semibold text-slate-700 dark:text-slate-200"
                >
                  {t(`channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 sm:table-row-group dark:divide-slate-700">
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type} className="block py-3 sm:table-row">
                <th scope="row" className="block pr-4 text-left font-normal sm:table-cell sm:py-3">
                  <span className="block font-semibold text-slate-900 dark:text-white">{t(`types.${type}`)}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">{t(`typeHints.${type}`)}</span>
                </th>
                {channels.map((channel) => {
                  const id = `pref-${type}-${channel}`;
                  if (!isChannelOffered(type, channel))
                    return <td key={channel} aria-hidden="true" className="hidden sm:table-cell" />;
                  return (
                    <td key={channel} className="mt-2 mr-5 inline-block sm:mr-0 sm:table-cell sm:px-3 sm:text-center">
                      <span className="inline-flex min-h-11 items-center gap-2">
                        <input
                          id={id}
                          type="checkbox"
                          name={preferenceFieldName(type, channel)}
                          defaultChecked={preferences[type][channel]}
                          aria-describedby={channel === "sms" ? `${id}-hint` : undefined}
                          aria-label={t("preferences.checkbox", {
                            type: t(`types.${type}`),
                            channel: t(`channels.${channel}`),
                          })}
                          className="size-5 rounded border-slate-400 accent-teal-700"
                        />
                        <label htmlFor={id} className={`${labelClass} sm:sr-only`}>
                          {t(`channels.${channel}`)}
                        </label>
                      </span>
                      {channel === "sms" && (
                        <span id={`${id}-hint`} className="block text-xs text-slate-600 dark:text-slate-300">
                          {t("preferences.smsOnly")}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("preferences.securityNote")}</p>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton isPending={isPending} pendingLabel={t("preferences.saving")}>
            {t("preferences.save")}
          </SubmitButton>
        </div>
        {result?.ok && !isChanged && <FormNotice tone="success">{t("preferences.saved")}</FormNotice>}
        {result && !result.ok && <FormNotice tone="error">{t("preferences.failed")}</FormNotice>}
      </fetcher.Form>
    </section>
  );
}

// The browser's time zone: the quiet hours are read on this clock. The
// server's render (and a page without script) uses the one stored, else UTC.
const subscribeNever = () => () => {};
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function QuietHoursForm({ quietHours }: { quietHours: DeliverySettingsData["quietHours"] }) {
  const { t } = useT("delivery");
  const fetcher = useFetcher<DeliveryActionResult>({ key: "quiet-hours" });
  const isPending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [isOn, setIsOn] = useState(quietHours.isOn);
  const [isChanged, setIsChanged] = useState(false);
  const timeZone = useSyncExternalStore(subscribeNever, browserTimeZone, () => quietHours.timeZone ?? "UTC");
  // The same schema checks the hours in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(QuietHoursFormSchema, {
    id: "quiet-hours-form",
    lastResult: result && !result.ok && result.intent === "quiet-hours" ? result.result : undefined,
  });
  const formProps = getFormProps(form);
  const translate = useValidationMessage();
  const timeZoneError = translate(fields.timeZone.errors?.[0]);
  return (
    <section aria-labelledby="quiet-hours-heading" className={sectionClass}>
      <h2 id="quiet-hours-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("quietHours.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("quietHours.description")}</p>
      <fetcher.Form
        method="post"
        className="mt-5 space-y-5"
        {...formProps}
        onChange={() => setIsChanged(true)}
        onSubmit={(event) => {
          setIsChanged(false);
          formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="quiet-hours" />
        <input type="hidden" name="timeZone" value={timeZone} />
        <fieldset>
          <legend className={labelClass}>{t("quietHours.mode")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {(["off", "on"] as const).map((mode) => (
              <label key={mode} className="inline-flex min-h-11 items-center gap-2 text-slate-800 dark:text-slate-100">
                <input
                  type="radio"
                  name="quietHours"
                  value={mode}
                  checked={isOn === (mode === "on")}
                  onChange={() => setIsOn(mode === "on")}
                  className="size-5 accent-teal-700"
                />
                {t(`quietHours.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid max-w-md grid-cols-2 gap-4">
          <TextField
            label={t("quietHours.start")}
            field={fields.start}
            type="time"
            defaultValue={quietHours.start}
            required={isOn}
            // With quiet hours off, the times are not checked: no error under them.
            error={isOn ? undefined : ""}
          />
          <TextField
            label={t("quietHours.end")}
            field={fields.end}
            type="time"
            defaultValue={quietHours.end}
            required={isOn}
            error={isOn ? undefined : ""}
          />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("quietHours.timeZone", { timeZone })}</p>
        {timeZoneError && <FormNotice tone="error">{timeZoneError}</FormNotice>}
        <SubmitButton isPending={isPending} pendingLabel={t("quietHours.saving")}>
          {t("quietHours.save")}
        </SubmitButton>
        {result?.ok && result.intent === "quiet-hours" && !isChanged && (
          <FormNotice tone="success">{result.isQuietOn ? t("quietHours.saved") : t("quietHours.savedOff")}</FormNotice>
        )}
      </fetcher.Form>
    </section>
  );
}
