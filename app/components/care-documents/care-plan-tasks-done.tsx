import { Check, Minus } from "lucide-react";
import { useT } from "~/i18n/react";

/** A note's care plan tasks as the family and administrators read them: done, or not done. */
export function CarePlanTasksDone({
  tasks,
  dtClass,
}: {
  tasks: readonly { documentId: string; task: string; done: boolean }[];
  dtClass: string;
}) {
  const { t } = useT("documents");
  if (tasks.length === 0) return null;
  return (
    <div>
      <dt className={dtClass}>{t("visitNote.carePlanTasks")}</dt>
      <dd>
        <ul className="mt-1 space-y-1">
          {tasks.map((task) => (
            <li
              key={`${task.documentId}:${task.task}`}
              className="flex items-start gap-2 text-slate-700 dark:text-slate-200"
            >
              {task.done ? (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
              ) : (
                <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              )}
              <span>
                {task.task}
                {": "}
                {task.done ? t("visitNote.done") : t("visitNote.notDone")}
              </span>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
