import { Form } from "react-router";
import { ctaClass } from "~/components/public/page-parts";
import { FormNotice } from "~/components/form-controls";
import { isValidUnsubscribeToken, unsubscribeFromNewsletter } from "~/features/support/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | Tendly" },
  { name: "robots", content: "noindex" },
];

export function loader({ url }: Route.LoaderArgs) {
  const email = url.searchParams.get("email") ?? "";
  const token = url.searchParams.get("token") ?? "";
  return { email, token, isValid: !!email && !!token && isValidUnsubscribeToken(email, token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const ok = await unsubscribeFromNewsletter({
    email: String(form.get("email") ?? ""),
    token: String(form.get("token") ?? ""),
  });
  return { ok };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Unsubscribe from the newsletter
      </h1>
      {actionData?.ok ? (
        <div className="mt-6">
          <FormNotice tone="success">
            {loaderData.email} is unsubscribed. You will not receive the newsletter any more.
          </FormNotice>
        </div>
      ) : !loaderData.isValid || actionData ? (
        <div className="mt-6">
          <FormNotice tone="error">
            This unsubscribe link is not valid. Please use the link from your latest email.
          </FormNotice>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-800 dark:text-slate-200">
            Stop sending the Tendly newsletter to {loaderData.email}?
          </p>
          <input type="hidden" name="email" value={loaderData.email} />
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={ctaClass}>
            Unsubscribe
          </button>
        </Form>
      )}
    </section>
  );
}
