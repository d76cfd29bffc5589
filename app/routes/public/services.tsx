import { Check } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { SERVICE_COPY } from "~/features/marketing/marketing-data";
import { publicMeta } from "./seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "In-home care services",
    description:
      "Personal care, companionship, housekeeping, meal preparation and transportation from vetted Tendly caregivers, from a few hours a week to live-in care.",
    path: "/services",
  });

export default function Services() {
  return (
    <>
      <PageHero
        title="Our Services"
        intro="Choose one service or combine several in a single care plan. Every visit is delivered by a vetted, trained caregiver, and you can change the plan as needs change."
      >
        <Link
          to="/request"
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
        >
          Request care
        </Link>
      </PageHero>
      <nav aria-label="Services on this page" className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-2 px-4 py-4 sm:px-6">
          {SERVICE_COPY.map((service) => (
            <li key={service.id}>
              <a href={`#${service.id}`} className="font-semibold text-teal-800 hover:underline">
                {service.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6">
        {SERVICE_COPY.map((service) => (
          <section
            key={service.id}
            id={service.id}
            aria-labelledby={`${service.id}-title`}
            className="scroll-mt-24 rounded-2xl border border-slate-200 p-6 sm:p-8"
          >
            <h2 id={`${service.id}-title`} className="text-2xl font-bold text-slate-900">
              {service.title}
            </h2>
            <p className="mt-3 text-lg text-slate-800">{service.summary}</p>
            <h3 className="mt-6 font-semibold text-slate-900">What's included</h3>
            <ul className="mt-3 space-y-2">
              {service.includes.map((item) => (
                <li key={item} className="flex gap-2 text-slate-800">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-5 text-slate-700">
              <strong className="text-slate-900">Often chosen by:</strong> {service.goodFor}
            </p>
            <Link
              to={`/providers?service=${service.id}`}
              className="mt-5 inline-block font-semibold text-teal-800 hover:underline"
            >
              Caregivers offering {service.title.toLowerCase()}
            </Link>
          </section>
        ))}
        <section aria-labelledby="not-included-title" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="not-included-title" className="text-xl font-bold text-slate-900">
            What our caregivers do not do
          </h2>
          <p className="mt-3 leading-relaxed text-slate-800">
            Tendly caregivers provide non-medical care. They do not give injections, dress wounds, manage IV lines or
            adjust medication doses. They can remind your loved one to take medication, notice changes and tell you and
            their nurse or doctor. If you need skilled nursing, we can tell you how to combine it with our care.
          </p>
        </section>
        <div className="flex flex-wrap gap-3">
          <Link to="/request" className={ctaClass}>
            Start your care request
          </Link>
          <Link to="/how-it-works" className={ctaSecondaryClass}>
            How it works
          </Link>
        </div>
      </div>
    </>
  );
}
