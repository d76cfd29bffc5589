import { CheckboxField, sectionClass } from "~/components/form-controls";
import { useT } from "~/i18n/react";

/**
 * One shared care plan's tasks in the caregiver's visit note: a checkbox each (`carePlanDone`), ticked as the
 * note says (docs/product-rules.md, "Care documents").
 */
export function CarePlanChecklist({
  plan,
}: {
  plan: { documentId: string; title: string; tasks: { key: string; task: string; done: boolean }[] };
}) {
  const { t } = useT("documents");
  return (
    <fieldset className={sectionClass}>
      <legend className="sr-only">
        {t("visitNote.carePlanTasks")}: {plan.title}
      </legend>
      <h2 aria-hidden="true" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("visitNote.carePlanTasks")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("visitNote.carePlanHint", { title: plan.title })}</p>
      <div className="mt-3 space-y-1">
        {plan.tasks.map((task) => (
          <CheckboxField
            key={task.key}
            name="carePlanDone"
            value={task.key}
            defaultChecked={task.done}
            label={task.task}
          />
        ))}
      </div>
    </fieldset>
  );
}
