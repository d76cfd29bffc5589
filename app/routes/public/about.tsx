import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { IMPACT_STATS } from "~/features/marketing/marketing-data";
import { publicMeta } from "./seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "About Tendly",
    description:
      "Tendly connects families with vetted in-home caregivers matched by health needs, language and culture. Learn who we are and what we stand for.",
    path: "/about",
  });

const VALUES = [
  {
    title: "Safety before speed",
    text: "No caregiver meets a family until their identity, references and criminal record have been checked and their training is complete. We would rather tell you we need another day than send someone we have not vetted.",
  },
  {
    title: "Care that feels familiar",
    text: "We match on more than a schedule. Language, culture, food, faith and personality matter when someone comes into your home, so we ask about them and we match on them.",
  },
  {
    title: "Fair to caregivers",
    text: "Caregivers choose the jobs that fit their lives, see what they will earn before they accept, and are paid for every completed visit. Good care comes from people who are treated well.",
  },
  {
    title: "People, not just software",
    text: "Our support team answers 24 hours a day, 7 days a week. When a plan changes at 2 a.m., you reach a person who can help.",
  },
];

export default function About() {
  return (
    <>
      <PageHero
        title="About Tendly"
        intro="Tendly is a home-care marketplace built for the moment a family realises a parent, partner or friend needs help at home, and for the caregivers who make that help possible."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="story-title" className="max-w-3xl">
          <h2 id="story-title" className="text-2xl font-bold text-slate-900">
            Why we started
          </h2>
          <p className="mt-4 leading-relaxed text-slate-800">
            Most people want to grow older in their own home, and most families want to help them do it. Finding someone
            you trust to come into that home is hard: agencies can be slow and opaque, and online listings rarely tell
            you who has actually been checked. We built Tendly so that a family can share what their loved one needs,
            see vetted caregivers who fit, understand the price before they book and follow every visit afterwards.
          </p>
          <p className="mt-4 leading-relaxed text-slate-800">
            Caregivers deserve better too. They apply online in about two minutes, hear back within 5-7 business days,
            complete training that prepares them for real situations, and then choose work that fits around their own
            families.
          </p>
        </section>

        <section aria-labelledby="figures-title" className="mt-12">
          <h2 id="figures-title" className="text-2xl font-bold text-slate-900">
            Tendly in figures
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-4">
            {IMPACT_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-teal-50 p-5 text-center">
                <dt className="mt-1 text-slate-800">{stat.label}</dt>
                <dd className="text-3xl font-bold text-teal-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-slate-700">More than 200 certified caregivers have completed our training.</p>
        </section>

        <section aria-labelledby="values-title" className="mt-12">
          <h2 id="values-title" className="text-2xl font-bold text-slate-900">
            What we stand for
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {VALUES.map((value) => (
              <div key={value.title} className="rounded-xl border border-slate-200 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-800">{value.text}</p>
              </div>
            ))}
          </div>
        </section>

        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/request" className={ctaClass}>
            Find care
          </Link>
          <Link to="/become-caregiver" className={ctaSecondaryClass}>
            Become a caregiver
          </Link>
          <Link to="/contact" className={ctaSecondaryClass}>
            Contact us
          </Link>
        </div>
      </div>
    </>
  );
}
