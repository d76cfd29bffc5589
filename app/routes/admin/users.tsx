import { VIEWER_TIME_ZONE, formatDate, formatDateTime } from "~/utils/datetime";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useRef } from "react";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { clientAddress } from "~/platform/auth/client-address";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  SubmitButton,
  TextField,
  linkClass,
  sectionClass,
  secondaryButtonClass,
  FieldError,
} from "~/components/form-controls";
import { AdminUsersActionSchema, InviteAdminFormSchema, UsersQuerySchema } from "~/features/admin/admin.schema";
import { inviteAdmin, listPendingInvites, revokeAdminInvite } from "~/features/admin/invites.server";
import { listUsers } from "~/features/admin/users.server";
import { getServerT, type ServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { Route } from "./+types/users";
import { FilterSelect, ListPager, SortHeader, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import { ROLES } from "~/utils/roles";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("users.metaTitle") }, { name: "description", content: t("users.intro") }];
};

// Dates are in a stated zone ("Nov 25, 2026 at 19:14 UTC"): the same text on the server and after hydration.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", admin.locale);
  const query = UsersQuerySchema.parse(searchParamsObject(url.searchParams));
  const [users, invites] = await Promise.all([
    listUsers({
      search: query.q,
      page: query.page,
      pageSize: query.perPage,
      sort: query.sort,
      dir: query.dir,
      role: query.role,
    }),
    listPendingInvites(),
  ]);
  return {
    search: query.q,
    view: listView("/admin/users", query, { ...users, perPage: users.pageSize }),
    ...users,
    users: users.users.map((user) => ({ ...user, created: formatDate(user.createdAt, VIEWER_TIME_ZONE, locale) })),
    invites: invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      invitedBy: invite.invitedByName ?? t("users.formerAdmin"),
      expires: formatDateTime(invite.expiresAt, VIEWER_TIME_ZONE, locale),
    })),
  };
}

function waitText(retryAt: Date, t: ServerT) {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  if (seconds < 90) return t("users.waitSeconds", { seconds });
  return t("users.waitMinutes", { minutes: Math.ceil(seconds / 60) });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const submission = await parseForm(request, AdminUsersActionSchema);
  const intent = submission.payload.intent;
  if (intent !== "invite" && intent !== "revoke")
    return data({ intent: "unknown", ok: false, message: t("common.unknownAction") }, { status: 400 });
  if (submission.status !== "success")
    return data({ status: "invalid" as const, intent, ok: false, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (value.intent === "revoke") {
    try {
      await revokeAdminInvite({ inviteId: value.inviteId, actor, request });
      return { intent, ok: true, message: t("users.revoked") };
    } catch (error) {
      return refusalData(error, locale, ({ text }) => ({ intent, ok: false, message: text }));
    }
  }
  try {
    const result = await inviteAdmin({
      email: value.email,
      actor,
      request,
      ipAddress: clientAddress(request),
      locale,
    });
    return { intent, ok: true, message: t("users.sent", { email: result.email }) };
  } catch (error) {
    return refusalData(error, locale, ({ text: message, field, retryAt }) =>
      field
        ? { intent, ok: false, result: submission.reply({ fieldErrors: { [field]: [message] } }) }
        : {
            intent,
            ok: false,
            message: retryAt ? t("users.sendAnother", { message, wait: waitText(retryAt, t) }) : message,
          },
    );
  }
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("users.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("users.intro")}</p>
      </header>
      <InviteSection />
      <PendingInvites invites={loaderData.invites} />
      <UsersTable {...loaderData} />
    </div>
  );
}

function InviteSection() {
  const fetcher = useFetcher<typeof action>({ key: "invite-admin" });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data?.intent === "invite" ? fetcher.data : undefined;
  const isPending = fetcher.state !== "idle";
  useAfterEachAnswer(result, () => {
    if (result?.ok) formRef.current?.reset();
  });
  const { t } = useT("admin");
  // The same schema checks the address in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(InviteAdminFormSchema, {
    id: "invite-admin",
    lastResult: result && "result" in result ? result.result : undefined,
  });
  return (
    <section aria-labelledby="invite-heading" className={sectionClass}>
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("users.inviteHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("users.inviteIntro")}</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label={t("users.emailLabel")}
          field={fields.email}
          type="email"
          autoComplete="off"
          required
          maxLength={255}
          className="flex-1"
        />
        <div className="sm:pt-6">
          <SubmitButton isPending={isPending} pendingLabel={t("users.sendingInvitation")}>
            {t("users.sendInvitation")}
          </SubmitButton>
        </div>
      </fetcher.Form>
      {!isPending && result && "message" in result && result.message && (
        <div className="mt-4">
          <FormNotice tone={result.ok ? "success" : "error"}>{result.message}</FormNotice>
        </div>
      )}
    </section>
  );
}

type Invite = Route.ComponentProps["loaderData"]["invites"][number];

function PendingInvites({ invites }: { invites: Invite[] }) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="pending-heading" className={sectionClass}>
      <h2 id="pending-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("users.pendingHeading")}
      </h2>
      {invites.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("users.noPending")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {invites.map((invite) => (
            <PendingInviteItem key={invite.id} invite={invite} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingInviteItem({ invite }: { invite: Invite }) {
  const fetcher = useFetcher<typeof action>();
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && "message" in fetcher.data
      ? fetcher.data.message
      : undefined;
  const { t } = useT("admin");
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900 dark:text-white">{invite.email}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("users.invitedBy", { name: invite.invitedBy, date: invite.expires })}
        </p>
        {error && <FieldError>{error}</FieldError>}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="inviteId" value={invite.id} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          aria-label={t("users.revokeLabel", { email: invite.email })}
          className={secondaryButtonClass}
        >
          {fetcher.state !== "idle" ? t("users.revoking") : t("users.revoke")}
        </button>
      </fetcher.Form>
    </li>
  );
}

type UsersData = Route.ComponentProps["loaderData"];

const headerClass = "px-3 py-2 font-semibold";

function UsersTable({ users, total, search, view }: UsersData) {
  const navigation = useNavigation();
  const isSearching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const cell = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
  const { t } = useT("admin");
  const { t: tl } = useT("lists");
  return (
    <section aria-labelledby="users-heading" className={sectionClass}>
      <h2 id="users-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("users.allUsers")}
      </h2>
      <Form
        method="get"
        aria-label={t("users.findUsers")}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        key={viewHref(view, { page: 1 })}
      >
        {view.params.sort !== "created" && <input type="hidden" name="sort" value={view.params.sort} />}
        {view.params.dir !== "desc" && <input type="hidden" name="dir" value={view.params.dir} />}
        <TextField
          label={t("users.searchLabel")}
          name="q"
          type="search"
          defaultValue={search}
          maxLength={255}
          hint={t("users.searchHint")}
          className="flex-1"
        />
        <FilterSelect
          label={tl("users.role")}
          name="role"
          value={view.params.role}
          anyLabel={tl("users.anyRole")}
          values={ROLES}
          labelOf={(role) => t(`users.roles.${role}`)}
        />
        <SubmitButton isPending={isSearching} pendingLabel={t("common.searching")} variant="secondary">
          {t("common.search")}
        </SubmitButton>
      </Form>
      <output className="mt-4 block text-sm text-slate-600 dark:text-slate-300">
        {total === 0
          ? search
            ? t("users.noMatch", { search })
            : t("users.none")
          : search
            ? t("users.countMatching", { count: total, search })
            : t("users.count", { count: total })}
      </output>
      <div className="mt-3 md:hidden">
        <SortLinks
          view={view}
          label={tl("users.sortLabel")}
          columns={[
            { column: "created", label: t("users.columns.created"), firstDir: "desc" },
            { column: "name", label: t("users.columns.name") },
            { column: "email", label: t("users.columns.email") },
          ]}
        />
      </div>
      {users.length > 0 && (
        <table className="mt-3 block w-full text-left text-sm md:table">
          <caption className="sr-only">{t("users.caption")}</caption>
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <SortHeader view={view} column="email" label={t("users.columns.email")} className={headerClass} />
              <SortHeader view={view} column="name" label={t("users.columns.name")} className={headerClass} />
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("users.columns.roles")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("users.columns.verified")}
              </th>
              <SortHeader
                view={view}
                column="created"
                label={t("users.columns.created")}
                firstDir="desc"
                className={headerClass}
              />
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
            {users.map((user) => (
              <tr key={user.id} className="block py-3 md:table-row md:py-0">
                <td className={`${cell} font-medium break-all text-slate-900 dark:text-white`}>
                  {user.email}
                  <Link
                    to={`/admin/audit?user=${user.id}`}
                    className={`${linkClass} block text-xs font-normal`}
                    aria-label={tl("users.auditLinkFor", { email: user.email })}
                  >
                    {tl("users.auditLink")}
                  </Link>
                </td>
                <td className={`${cell} text-slate-800 dark:text-slate-100`}>{user.name}</td>
                <td className={cell}>
                  <span className="sr-only md:hidden">{t("users.rolesPrefix")}</span>
                  {user.roles.map((role) => (
                    <span
                      key={role}
                      className="mr-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                    >
                      {t(`users.roles.${role}`)}
                    </span>
                  ))}
                </td>
                <td className={`${cell} text-slate-700 dark:text-slate-200`}>
                  <span className="md:hidden">{t("users.emailVerifiedPrefix")}</span>
                  {user.emailVerified ? t("users.yes") : t("users.no")}
                </td>
                <td className={`${cell} text-slate-700 dark:text-slate-200`}>
                  <span className="md:hidden">{t("users.createdPrefix")}</span>
                  {user.created}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ListPager view={view} label={t("users.pagesLabel")} />
    </section>
  );
}
