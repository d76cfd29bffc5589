import { Car, HeartHandshake, Quote, ShieldCheck, Sparkles, Star, UtensilsCrossed, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, redirect, useLocation, useNavigate } from "react-router";
import { homeRedirectTarget, isDirectLoad, recoveryHashTarget } from "~/platform/auth/redirects";
import { getCurrentUser } from "~/platform/auth/session.server";
import { CaregiverCard } from "~/components/public/caregiver-card";
import { Carousel } from "~/components/public/carousel";
import { HeroVideo } from "~/components/public/hero-video";
import { ctaClass, ctaSecondaryClass, PageSection } from "~/components/public/page-parts";
import { listFeaturedCaregivers } from "~/features/caregivers/public-caregivers.server";
import {
  CAREGIVER_STEPS,
  CLIENT_STEPS,
  IMPACT_STATS,
  SERVICE_COPY,
  TESTIMONIALS,
  TRUST_CLAIMS,
} from "~/features/marketing/marketing-data";
import { labelKey } from "~/i18n/keys";
import { metaT, Trans, useLabels, useT } from "~/i18n/react";
import type { ServiceId } from "~/utils/services";
import { publicMeta, siteUrlFrom } from "~/components/public/seo";
import type { RootData } from "~/root";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const contact = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)?.contact;
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("home.metaTitle"),
    description: t("home.metaDescription"),
    path: "/",
    jsonLd: {
      "@type": "Organization",
      name: "Tendly",
      url: siteUrlFrom(matches) || undefined,
      logo: `${siteUrlFrom(matches)}/icons/icon-512.png`,
      contactPoint: contact
        ? { "@type": "ContactPoint", telephone: contact.phone, email: contact.email, contactType: "customer support" }
        : undefined,
    },
  });
};

// Home page redirects (docs/product-rules.md, "Areas, roles and redirects"): recovery and sign-up links go on to their pages; a
// signed-in user who opens the site directly is sent to their home, once per
// load (a later click on Home is a client-side navigation, never direct).
export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const needsUser = params.get("type") !== "recovery" && isDirectLoad(request);
  const user = needsUser ? await getCurrentUser(request) : null;
  const target = homeRedirectTarget({ url, roles: user?.roles ?? null, isDirectLoad: needsUser });
  if (target) throw redirect(target);
  return { providers: await listFeaturedCaregivers({ limit: 8 }) };
}

const SERVICE_ICONS: Record<ServiceId, typeof Car> = {
  "personal-care": HeartHandshake,
  companionship: UserRound,
  housekeeping: Sparkles,
  "meal-preparation": UtensilsCrossed,
  transportation: Car,
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // The `#access_token=...&type=recovery` form of a recovery link never
  // reaches the server.
  useEffect(() => {
    const target = recoveryHashTarget(location);
    if (target) navigate(target, { replace: true });
  }, [location, navigate]);

  return (
    <>
      <HeroSection />
      <TrustSection />
      <ServicesSection />
      <HowItWorksSection />
      <ImpactSection />
      <ProvidersSection providers={loaderData.providers} />
      <TestimonialsSection />
    </>
  );
}

function HeroSection() {
  const { t } = useT("public");
  return (
    <section
      data-home-section="hero"
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-teal-900"
    >
      <HeroVideo />
      <div className="relative z-[1] mx-auto flex min-h-[32rem] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6">
        <p className="font-semibold tracking-wide text-teal-100 uppercase">{t("home.hero.eyebrow")}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
          {t("home.hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-100">{t("home.hero.intro")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/request" className={ctaClass}>
            {t("home.hero.findCareNow")}
          </Link>
          <Link
            to="/become-caregiver"
            className="inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-white px-5 py-2.5 font-semibold text-white hover:bg-white/10"
          >
            {t("home.hero.joinAsCaregiver")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function TrustSection() {
  const { t } = useT("public");
  return (
    <PageSection id="trust" title={t("home.trust.title")} tone="muted" intro={t("home.trust.intro")}>
      <Carousel label={t("home.trust.carousel")} intervalMs={3000}>
        {TRUST_CLAIMS.map((claim) => (
          <div key={claim.title} className="h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-8 text-teal-700" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">
              {t(`marketing.trust.${labelKey(claim.title)}.title`)}
            </h3>
            <p className="mt-2 text-slate-700">{t(`marketing.trust.${labelKey(claim.title)}.text`)}</p>
          </div>
        ))}
      </Carousel>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/request" className={ctaClass}>
          {t("cta.requestCare")}
        </Link>
        <Link to="/safety-and-trust" className={ctaSecondaryClass}>
          {t("home.trust.howWeKeepYouSafe")}
        </Link>
      </div>
    </PageSection>
  );
}

function ServicesSection() {
  const { t } = useT("public");
  const labels = useLabels();
  return (
    <PageSection id="services" title={t("home.services.title")} intro={t("home.services.intro")}>
      <Carousel label={t("home.services.carousel")} intervalMs={6000}>
        {SERVICE_COPY.map((service) => {
          const Icon = SERVICE_ICONS[service.id];
          return (
            <article
              key={service.id}
              className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md"
            >
              <Icon aria-hidden="true" className="size-8 text-teal-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">
                <Link to={`/services#${service.id}`} className="after:absolute after:inset-0 hover:underline">
                  {labels.service(service.id)}
                </Link>
              </h3>
              <p className="mt-2 text-slate-700">{t(`marketing.services.${service.id}.summary`)}</p>
            </article>
          );
        })}
      </Carousel>
    </PageSection>
  );
}

const tabClass = (isActive: boolean) =>
  `min-h-11 rounded-full px-5 py-2 font-semibold ${isActive ? "bg-teal-700 text-white" : "text-slate-800 hover:bg-slate-200"}`;

function HowItWorksSection() {
  const [audience, setAudience] = useState<"client" | "caregiver">("client");
  const steps = audience === "client" ? CLIENT_STEPS : CAREGIVER_STEPS;
  const group = audience === "client" ? "clientSteps" : "caregiverSteps";
  const { t } = useT("public");
  return (
    <PageSection id="how-it-works" title={t("home.howItWorks.title")} tone="muted">
      <fieldset className="mx-auto flex w-fit gap-1 rounded-full bg-white p-1 shadow-sm">
        <legend className="sr-only">{t("home.howItWorks.showStepsFor")}</legend>
        <button
          type="button"
          aria-pressed={audience === "client"}
          className={tabClass(audience === "client")}
          onClick={() => setAudience("client")}
        >
          {t("home.howItWorks.client")}
        </button>
        <button
          type="button"
          aria-pressed={audience === "caregiver"}
          className={tabClass(audience === "caregiver")}
          onClick={() => setAudience("caregiver")}
        >
          {t("home.howItWorks.caregiver")}
        </button>
      </fieldset>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
            <span
              className="inline-flex size-10 items-center justify-center rounded-full bg-teal-700 font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 text-lg font-semibold text-slate-900">
              <span className="sr-only">{t("home.howItWorks.step", { number: index + 1 })}</span>
              {t(`marketing.${group}.${labelKey(step.title)}.title`)}
            </h3>
            <p className="mt-2 text-slate-700">{t(`marketing.${group}.${labelKey(step.title)}.text`)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 text-center">
        {audience === "client" ? (
          <Link to="/request" className={ctaClass}>
            {t("cta.startCareRequest")}
          </Link>
        ) : (
          <Link to="/register/caregiver" className={ctaClass}>
            {t("cta.startApplication")}
          </Link>
        )}
      </div>
    </PageSection>
  );
}

function ImpactSection() {
  const { t } = useT("public");
  return (
    <section data-home-section="impact" aria-labelledby="impact-title" className="bg-teal-800 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="impact-title" className="text-center text-3xl font-bold tracking-tight">
          {t("home.impact.title")}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {IMPACT_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="text-teal-50">{t(`marketing.impact.${labelKey(stat.label)}`)}</dt>
              <dd className="text-4xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 text-center">
          <Link
            to="/request-care"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
          >
            {t("home.impact.getCare")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function ProvidersSection({ providers }: { providers: Route.ComponentProps["loaderData"]["providers"] }) {
  const { t } = useT("public");
  return (
    <PageSection id="providers" title={t("home.providers.title")} intro={t("home.providers.intro")}>
      {providers.length === 0 ? (
        <p className="text-center text-slate-700">{t("home.providers.none")}</p>
      ) : (
        <Carousel label={t("home.providers.carousel")} intervalMs={4000} layout="quarters">
          {providers.map((caregiver) => (
            <CaregiverCard key={caregiver.slug} caregiver={caregiver} />
          ))}
        </Carousel>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/request" className={ctaClass}>
          {t("home.providers.requestCaregiver")}
        </Link>
        <Link to="/providers" className={ctaSecondaryClass}>
          {t("home.providers.browseAll")}
        </Link>
      </div>
    </PageSection>
  );
}

function TestimonialsSection() {
  const { t } = useT("public");
  return (
    <PageSection id="testimonials" title={t("home.testimonials.title")} tone="muted">
      <p className="-mt-4 mb-8 flex items-center justify-center gap-2 text-lg text-slate-800">
        <Star aria-hidden="true" className="size-5 fill-amber-400 text-amber-500" />
        <Trans
          ns="public"
          i18nKey="home.testimonials.summary"
          values={{
            rating: t("marketing.testimonialSummary.rating"),
            from: t("marketing.testimonialSummary.from"),
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Carousel label={t("home.testimonials.carousel")} intervalMs={4000}>
        {TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.id} className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm">
            <Quote aria-hidden="true" className="size-7 text-teal-700" />
            <p className="sr-only">{t("home.testimonials.rated", { stars: testimonial.stars })}</p>
            <blockquote className="mt-3 flex-1 text-slate-800">
              “{t(`marketing.testimonials.${testimonial.id}.quote`)}”
            </blockquote>
            <figcaption className="mt-4">
              <span className="block font-semibold text-slate-900">{testimonial.name}</span>
              <span className="text-sm text-slate-600">{t(`marketing.testimonials.${testimonial.id}.role`)}</span>
            </figcaption>
          </figure>
        ))}
      </Carousel>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/find-care" className={ctaClass}>
          {t("cta.findCare")}
        </Link>
        <Link to="/become-caregiver" className={ctaSecondaryClass}>
          {t("cta.becomeCaregiver")}
        </Link>
      </div>
    </PageSection>
  );
}
