import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, NumberedSteps, PageHero } from "~/components/public/page-parts";
import { TRUST_CLAIMS } from "~/features/marketing/marketing-data";
import { publicMeta } from "./seo";
import type { Route } from "./+types/safety-and-trust";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "Safety and trust",
    description:
      "How Tendly vets caregivers: identity verification, reference checks, criminal record checks (felonies 10 years, misdemeanors 5 years), ongoing monitoring and certified training.",
    path: "/safety-and-trust",
  });

const VETTING_STEPS = [
  {
    title: "Application and interview",
    text: "Caregivers tell us about their experience, certifications and availability, and upload their documents. Our team reviews every application by hand and talks with each applicant.",
  },
  {
    title: "Identity verification",
    text: "We confirm that the person applying is who they say they are, using a government-issued photo ID.",
  },
  {
    title: "Reference checks",
    text: "We contact previous employers or families the caregiver has worked for and ask about reliability, honesty and the quality of their care.",
  },
  {
    title: "Criminal record checks",
    text: "We search criminal records for felonies over the past 10 years and misdemeanors over the past 5 years. Convictions for violence, abuse, theft or fraud rule an applicant out.",
  },
  {
    title: "Certified training",
    text: "Before a first job, caregivers complete our training modules on safe transfers, infection control, dementia care, recognising abuse and neglect, and emergencies.",
  },
  {
    title: "Ongoing monitoring",
    text: "Approval is not the end: checks are repeated, every completed visit can be rated by the family, and our team follows up on any concern the same day. Caregivers can be suspended while we look into it.",
  },
];

export default function SafetyAndTrust() {
  return (
    <>
      <PageHero
        title="Safety and Trust"
        intro="Inviting someone into your home is a big decision. This is exactly what we check before a caregiver meets your family, and what we keep checking afterwards."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="vetting-title">
          <h2 id="vetting-title" className="text-2xl font-bold text-slate-900">
            How we vet every caregiver
          </h2>
          <NumberedSteps steps={VETTING_STEPS} itemClassName="rounded-xl border border-slate-200 p-5" />
        </section>

        <section aria-labelledby="promise-title" className="mt-12">
          <h2 id="promise-title" className="text-2xl font-bold text-slate-900">
            Our promises at a glance
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {TRUST_CLAIMS.map((claim) => (
              <li key={claim.title} className="flex gap-3 rounded-xl bg-slate-50 p-5">
                <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
                <p className="text-slate-800">
                  <strong className="text-slate-900">{claim.title}.</strong> {claim.text}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="concern-title" className="mt-12 rounded-2xl bg-teal-50 p-6 sm:p-8">
          <h2 id="concern-title" className="text-xl font-bold text-slate-900">
            If something doesn't feel right
          </h2>
          <p className="mt-3 leading-relaxed text-slate-800">
            Call our support team at any hour, 24/7. A real person will listen, make sure your loved one is safe,
            arrange a replacement caregiver if needed and look into what happened. In an emergency, always call 911
            first.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/contact" className={ctaClass}>
              Contact support
            </Link>
            <Link to="/request" className={ctaSecondaryClass}>
              Request a vetted caregiver
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
