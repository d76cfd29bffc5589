import { Check, Clock, CalendarCheck, Wallet } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { CAREGIVER_STEPS } from "~/features/marketing/marketing-data";
import { publicMeta } from "./seo";
import type { Route } from "./+types/become-caregiver";

// /become-caregiver, also shown for every path under /provider/ (spec 2.1).
export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "Become a caregiver with Tendly",
    description:
      "Apply in about 2 minutes, hear back in 5-7 business days, get trained and choose in-home care jobs that fit your schedule.",
    path: "/become-caregiver",
  });

const BENEFITS = [
  {
    icon: Clock,
    title: "Work when it suits you",
    text: "Set your weekly availability and travel radius; accept only the visits that fit.",
  },
  {
    icon: Wallet,
    title: "Clear pay",
    text: "See what a job pays before you accept it, and get paid for every completed visit.",
  },
  {
    icon: CalendarCheck,
    title: "Training that helps",
    text: "Free training modules on dementia care, safe transfers, infection control and more.",
  },
];

const REQUIREMENTS = [
  "Be at least 18 years old and authorised to work in the United States",
  "Have at least one year of caregiving experience, paid or with your own family",
  "Agree to identity verification, reference checks and a criminal record check",
  "Have a phone that can receive messages and reliable transportation to visits",
];

export default function BecomeCaregiver() {
  return (
    <>
      <PageHero
        title="Become a Caregiver"
        intro="Do meaningful work with families near you. The application takes about 2 minutes, and typical review time is 5-7 business days."
      >
        <Link
          to="/register/caregiver"
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
        >
          Apply now
        </Link>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="text-2xl font-bold text-slate-900">
            Why caregivers choose Tendly
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-5">
                <Icon aria-hidden="true" className="size-7 text-teal-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-800">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="steps-title" className="mt-12">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900">
            From application to first job
          </h2>
          <ol className="mt-6 space-y-4">
            {CAREGIVER_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-slate-50 p-5">
                <h3 className="font-semibold text-slate-900">
                  {index + 1}. {step.title}
                </h3>
                <p className="mt-1 text-slate-800">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="requirements-title" className="mt-12">
          <h2 id="requirements-title" className="text-2xl font-bold text-slate-900">
            What you need
          </h2>
          <ul className="mt-4 space-y-2">
            {REQUIREMENTS.map((item) => (
              <li key={item} className="flex gap-2 text-slate-800">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/register/caregiver" className={ctaClass}>
            Start your application
          </Link>
          <Link to="/blog/starting-as-a-caregiver" className={ctaSecondaryClass}>
            Read: starting out as a caregiver
          </Link>
        </div>
      </div>
    </>
  );
}
