import { format } from "date-fns";
import { useEffect, useRef, useState } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { clientAddress } from "~/auth/client-address";
import { requireRole } from "~/auth/session.server";
import {
  FormNotice,
  SubmitButton,
  TextField,
  fieldErrors,
  sectionClass,
  secondaryButtonClass,
} from "~/components/form-controls";
import { InviteAdminSchema, USERS_PAGE_SIZE, UsersQuerySchema } from "~/features/admin/admin.schema";
import { inviteAdmin, listPendingInvites, revokeAdminInvite } from "~/features/admin/invites.server";
import { listUsers } from "~/features/admin/users.server";
import type { Route } from "./+types/users";
import { PageLinks } from "~/components/page-links";

export const meta: Route.MetaFunction = () => [
  { title: "Users | Tendly" },
  { name: "description", content: "Accounts, roles and invitations." },
];

const DATE = "MMM d, yyyy";
const DATE_TIME = "MMM d, yyyy 'at' HH:mm 'UTC'";

function formatUtc(date: Date, pattern: string) {
  // Formatted on the server in UTC so that the hydrated page shows the same text.
  return format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), pattern);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  const url = new URL(request.url);
  const query = UsersQuerySchema.parse({ q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 });
  const [users, invites] = await Promise.all([
    listUsers({ search: query.q, page: query.page, pageSize: USERS_PAGE_SIZE }),
    listPendingInvites(),
  ]);
  return {
    search: query.q,
    ...users,
    users: users.users.map((user) => ({ ...user, created: formatUtc(user.createdAt, DATE) })),
    invites: invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      invitedBy: invite.invitedByName ?? "A former administrator",
      expires: formatUtc(invite.expiresAt, DATE_TIME),
    })),
  };
}

function waitText(retryAt: Date) {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "revoke") {
    const inviteId = String(form.get("inviteId") ?? "");
    const isRevoked = await revokeAdminInvite({ inviteId, actor, request });
    return isRevoked
      ? { intent: "revoke", ok: true, message: "Invitation revoked. Its link no longer works." }
      : data(
          { intent: "revoke", ok: false, message: "That invitation was already used or withdrawn." },
          { status: 409 },
        );
  }
  if (intent !== "invite") return data({ intent: "unknown", ok: false, message: "Unknown action." }, { status: 400 });

  const parsed = InviteAdminSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ intent, ok: false, fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  }
  const result = await inviteAdmin({ email: parsed.data.email, actor, request, ipAddress: clientAddress(request) });
  if (result.ok)
    return { intent, ok: true, message: `Invitation sent to ${result.email}. The link expires in 72 hours.` };
  if (result.error === "already-admin") {
    return data(
      { intent, ok: false, fieldErrors: { email: "This address already belongs to an administrator." } },
      { status: 409 },
    );
  }
  return data(
    {
      intent,
      ok: false,
      message: `An invitation was just sent to this address. You can send another in ${waitText(result.retryAt)}.`,
    },
    { status: 429 },
  );
}

type ActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
};

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Users</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Accounts, roles and invitations.</p>
      </header>
      <InviteSection />
      <PendingInvites invites={loaderData.invites} />
      <UsersTable {...loaderData} />
    </div>
  );
}

function InviteSection() {
  const fetcher = useFetcher<ActionResult>({ key: "invite-admin" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string>();
  const result = fetcher.data?.intent === "invite" ? fetcher.data : undefined;
  const isPending = fetcher.state !== "idle";
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  const emailError = clientError ?? (isPending ? undefined : result?.fieldErrors?.email);
  return (
    <section aria-labelledby="invite-heading" className={sectionClass}>
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Invite an administrator
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Administrators are never self-registered. The person receives a single-use link, valid for 72 hours, to set
        their name and password.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          const parsed = InviteAdminSchema.safeParse({ email: new FormData(event.currentTarget).get("email") });
          setClientError(parsed.success ? undefined : fieldErrors(parsed.error.issues).email);
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={255}
          error={emailError}
          className="flex-1"
        />
        <div className="sm:pt-6">
          <SubmitButton isPending={isPending} pendingLabel="Sending invitation...">
            Send invitation
          </SubmitButton>
        </div>
      </fetcher.Form>
      {!isPending && result?.message && (
        <div className="mt-4">
          <FormNotice tone={result.ok ? "success" : "error"}>{result.message}</FormNotice>
        </div>
      )}
    </section>
  );
}

type Invite = Route.ComponentProps["loaderData"]["invites"][number];

function PendingInvites({ invites }: { invites: Invite[] }) {
  return (
    <section aria-labelledby="pending-heading" className={sectionClass}>
      <h2 id="pending-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Pending invitations
      </h2>
      {invites.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No invitations are waiting to be accepted.</p>
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
  const fetcher = useFetcher<ActionResult>();
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900 dark:text-white">{invite.email}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Invited by {invite.invitedBy} · expires {invite.expires}
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="inviteId" value={invite.id} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          aria-label={`Revoke the invitation to ${invite.email}`}
          className={secondaryButtonClass}
        >
          {fetcher.state !== "idle" ? "Revoking..." : "Revoke"}
        </button>
      </fetcher.Form>
    </li>
  );
}

type UsersData = Route.ComponentProps["loaderData"];

const ROLE_LABELS = { admin: "Admin", caregiver: "Caregiver", client: "Client" } as const;

function pageLink(search: string, page: number) {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/users?${query}` : "/admin/users";
}

function UsersTable({ users, total, page, pageCount, search }: UsersData) {
  const navigation = useNavigation();
  const isSearching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const cell = "block px-0 py-0.5 md:table-cell md:px-3 md:py-2";
  return (
    <section aria-labelledby="users-heading" className={sectionClass}>
      <h2 id="users-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        All users
      </h2>
      <Form
        method="get"
        aria-label="Find users"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        key={search}
      >
        <TextField
          label="Search users"
          name="q"
          type="search"
          defaultValue={search}
          maxLength={255}
          hint="By email address or name."
          className="flex-1"
        />
        <SubmitButton isPending={isSearching} pendingLabel="Searching..." variant="secondary">
          Search
        </SubmitButton>
      </Form>
      <output className="mt-4 block text-sm text-slate-600 dark:text-slate-300">
        {total === 0
          ? search
            ? `No users match "${search}".`
            : "No users yet."
          : `${total} ${total === 1 ? "user" : "users"}${search ? ` matching "${search}"` : ""} · page ${page} of ${pageCount}`}
      </output>
      {users.length > 0 && (
        <table className="mt-3 block w-full text-left text-sm md:table">
          <caption className="sr-only">Users, newest first</caption>
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className="px-3 py-2 font-semibold">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Roles
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Verified
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Created
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
            {users.map((user) => (
              <tr key={user.id} className="block py-3 md:table-row md:py-0">
                <td className={`${cell} font-medium break-all text-slate-900 dark:text-white`}>{user.email}</td>
                <td className={`${cell} text-slate-800 dark:text-slate-100`}>{user.name}</td>
                <td className={cell}>
                  <span className="sr-only md:hidden">Roles: </span>
                  {user.roles.map((role) => (
                    <span
                      key={role}
                      className="mr-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                    >
                      {ROLE_LABELS[role]}
                    </span>
                  ))}
                </td>
                <td className={`${cell} text-slate-700 dark:text-slate-200`}>
                  <span className="md:hidden">Email verified: </span>
                  {user.emailVerified ? "Yes" : "No"}
                </td>
                <td className={`${cell} text-slate-700 dark:text-slate-200`}>
                  <span className="md:hidden">Created </span>
                  {user.created}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageLinks
        label="Pages of users"
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => pageLink(search, target)}
        linkClassName={secondaryButtonClass}
      />
    </section>
  );
}
