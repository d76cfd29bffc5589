import { Form, Link } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice } from "~/components/form-controls";
import { confirmNewsletter } from "~/features/support/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

// The link in the confirmation email opens this page; the button confirms,
// so that mail scanners following links never subscribe anyone.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription | Tendly" },
  { name: "robots", content: "noindex" },
];

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const confirmed = await confirmNewsletter({ token: String(form.get("token") ?? "") });
  return confirmed ? { ok: true as const, email: confirmed.email } : { ok: false as const };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Confirm your subscription</h1>
      {actionData?.ok ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="success">
            You're subscribed: {actionData.email} will receive the Tendly newsletter.
          </FormNotice>
          <Link to="/blog" className={ctaClass}>
            Read our latest guides
          </Link>
        </div>
      ) : actionData ? (
        <div className="mt-6">
          <FormNotice tone="error">
            This link has expired or was already used. Subscribe again from the footer to get a new one.
          </FormNotice>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-800 dark:text-slate-200">
            One more click and you will receive our guides for families and caregivers.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={ctaClass}>
            Confirm my subscription
          </button>
        </Form>
      )}
    </section>
  );
}
