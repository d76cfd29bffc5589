import { currentUserContext } from "~/platform/auth/guards.server";
import { metaT, useT } from "~/i18n/react";
import { MessagesScreen } from "~/components/messages/messages-screen";
import { loadMessagesPage, sendFromPage } from "~/routes/client/messages.server";
import type { Route } from "./+types/messages";

// The caregiver's conversations (docs/product-rules.md, "Messages"): with
// each family whose order they confirmed, and with Tendly Support.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "messages")("metaTitle") }];

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadMessagesPage({ user: context.get(currentUserContext), area: "caregiver", url });
}

export async function action({ request, context }: Route.ActionArgs) {
  return sendFromPage({ request, user: context.get(currentUserContext), area: "caregiver" });
}

export default function CaregiverMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("messages");
  return (
    <MessagesScreen
      data={loaderData}
      actionError={actionData?.error}
      heading={
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t("heading")}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("intro")}</p>
        </div>
      }
    />
  );
}
