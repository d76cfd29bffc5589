import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, NumberedSteps, PageHero } from "~/components/public/page-parts";
import { CAREGIVER_STEPS, CLIENT_STEPS, type Step } from "~/features/marketing/marketing-data";
import { publicMeta } from "./seo";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "How Tendly works",
    description:
      "From sharing your care needs to your first visit: how families book care with Tendly, and how caregivers apply, get approved and accept jobs.",
    path: "/how-it-works",
  });

const FAQ = [
  {
    q: "How quickly can care start?",
    a: "Often within a few days. When you submit a request we offer it to the best-matched caregiver; if they cannot take it within 24 hours, it goes to the next match, and our team can step in by hand.",
  },
  {
    q: "Do I see the price before booking?",
    a: "Yes. The review step shows your quote, hour by hour, before you submit, and your order keeps the price it was booked at.",
  },
  {
    q: "Can I choose a specific caregiver?",
    a: "Yes. Open any caregiver's profile and choose Request this caregiver; your request is offered to them first.",
  },
  {
    q: "What if the caregiver isn't the right fit?",
    a: "Tell us at any time. We will find another match and keep your care going without a gap.",
  },
];

function Steps({ id, title, steps }: { id: string; title: string; steps: Step[] }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <NumberedSteps steps={steps} />
    </section>
  );
}

export default function HowItWorks() {
  return (
    <>
      <PageHero
        title="How It Works"
        intro="Three steps for families, three steps for caregivers, and a support team that is there around the clock for both."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <Steps id="clients-title" title="For families" steps={CLIENT_STEPS} />
            <Link to="/request" className={`${ctaClass} mt-4`}>
              Start your care request
            </Link>
          </div>
          <div>
            <Steps id="caregivers-title" title="For caregivers" steps={CAREGIVER_STEPS} />
            <Link to="/become-caregiver" className={`${ctaSecondaryClass} mt-4`}>
              Become a caregiver
            </Link>
          </div>
        </div>
        <section aria-labelledby="faq-title" className="mt-12">
          <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
            Common questions
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {FAQ.map((item) => (
              <details key={item.q} className="group p-5">
                <summary className="cursor-pointer font-semibold text-slate-900">{item.q}</summary>
                <p className="mt-3 leading-relaxed text-slate-800">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
