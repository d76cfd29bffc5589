import { data, Form, useNavigation } from "react-router";
import { clientAddress } from "~/auth/client-address";
import { FormNotice, SubmitButton, TextField } from "~/components/form-controls";
import { PageHero } from "~/components/public/page-parts";
import { subscribeToNewsletter } from "~/features/support/newsletter.server";
import { NewsletterSchema } from "~/features/support/support.schema";
import { publicMeta } from "./seo";
import type { Route } from "./+types/newsletter";

// The footer's newsletter box posts here (with JavaScript it stays in the
// footer; without, this page shows the outcome).

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "Tendly newsletter",
    description: "Practical guides for families and caregivers, about once a month. Subscribe with your email address.",
    path: "/newsletter",
  });

export const NEWSLETTER_MESSAGES = {
  sent: "Almost done: check your inbox and confirm your subscription.",
  "already-subscribed": "You are already subscribed. Thank you!",
  limited: "Too many sign-ups from here just now. Please try again in an hour.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = NewsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false, message: parsed.error.issues[0]?.message ?? "Please enter a valid email address." }, 400);
  }
  const result = await subscribeToNewsletter({ email: parsed.data.email, ipAddress: clientAddress(request) });
  const message = NEWSLETTER_MESSAGES[result.status];
  return data({ ok: result.status !== "limited", message }, result.status === "limited" ? 429 : 200);
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <PageHero
        title="Tendly newsletter"
        intro="Practical guides for families and caregivers, about once a month. We only add you once you confirm by email, and every issue has an unsubscribe link."
      />
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
        {actionData && <FormNotice tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormNotice>}
        <Form method="post" className="mt-4 space-y-4">
          <TextField label="Email address" name="email" type="email" autoComplete="email" required />
          <SubmitButton isPending={navigation.state === "submitting"} pendingLabel="Subscribing...">
            Subscribe
          </SubmitButton>
        </Form>
      </div>
    </>
  );
}
