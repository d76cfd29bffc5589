import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { contactConfirmationEmail, newsletterConfirmEmail } from "~/platform/email/templates/support-emails";
import { formatRating } from "~/features/caregivers/public-profile";
import {
  CAREGIVER_STEPS,
  CLIENT_STEPS,
  IMPACT_STATS,
  SERVICE_COPY,
  TESTIMONIAL_SUMMARY,
  TESTIMONIALS,
  TRUST_CLAIMS,
} from "~/features/marketing/marketing-data";
import { CONTACT_TOPICS, ContactSchema, NewsletterSchema } from "~/features/support/support.schema";
import { getFixedT, labelsFor, validationText } from "~/i18n/i18n.server";
import { labelKey } from "~/i18n/keys";
import en from "~/i18n/locales/en/public";
import es from "~/i18n/locales/es/public";
import { UPDATE_TEXT } from "~/utils/pwa-update";

// The public pages show the features' English texts through their messages
// (app/i18n/locales/en/public.ts): the messages must stay those very texts.

const marketing = en.marketing as unknown as Record<string, Record<string, unknown>>;

describe("the marketing messages are the marketing data, word for word", () => {
  test("services", () => {
    for (const service of SERVICE_COPY) {
      const messages = marketing.services![service.id] as { summary: string; includes: object; goodFor: string };
      expect(messages.summary).toBe(service.summary);
      expect(Object.values(messages.includes)).toEqual(service.includes);
      expect(messages.goodFor).toBe(service.goodFor);
    }
    expect(Object.keys(marketing.services!)).toEqual(SERVICE_COPY.map((service) => service.id));
  });

  test("trust claims, impact figures and steps", () => {
    expect(Object.values(marketing.trust!)).toEqual(TRUST_CLAIMS);
    for (const claim of TRUST_CLAIMS) expect(marketing.trust![labelKey(claim.title)]).toEqual(claim);
    for (const stat of IMPACT_STATS) expect(marketing.impact![labelKey(stat.label)]).toBe(stat.label);
    expect(Object.keys(marketing.impact!)).toHaveLength(IMPACT_STATS.length);
    for (const [group, steps] of [
      ["clientSteps", CLIENT_STEPS],
      ["caregiverSteps", CAREGIVER_STEPS],
    ] as const) {
      expect(Object.values(marketing[group]!)).toEqual(steps);
      for (const step of steps) expect(marketing[group]![labelKey(step.title)]).toEqual(step);
    }
  });

  test("testimonials", () => {
    for (const testimonial of TESTIMONIALS) {
      expect(marketing.testimonials![testimonial.id]).toEqual({ role: testimonial.role, quote: testimonial.quote });
    }
    expect(marketing.testimonialSummary).toEqual(TESTIMONIAL_SUMMARY);
  });
});

describe("other features' English texts", () => {
  const t = getFixedT("en", "public");

  test("contact topics", () => {
    for (const topic of CONTACT_TOPICS) expect(labelsFor("en").contactTopic(topic.id)).toBe(topic.label);
  });

  test("every message of the support schemas is a key of contact.errors, worded in each language", () => {
    const issues = [
      ...ContactSchema.safeParse({ name: "", email: "", topic: "x", message: "short" }).error!.issues,
      ...ContactSchema.safeParse({ name: "n".repeat(101), email: "nope", topic: "care", message: "m".repeat(10_001) })
        .error!.issues,
      ...NewsletterSchema.safeParse({ email: "nope" }).error!.issues,
    ];
    const messages = new Set(issues.map((issue) => issue.message));
    expect(messages.size).toBe(7);
    expect([...messages].sort()).toEqual(
      Object.keys(en.contact.errors)
        .map((key) => `public:contact.errors.${key}`)
        .sort(),
    );
    for (const message of messages) {
      const key = message.slice("public:contact.errors.".length) as keyof typeof en.contact.errors;
      expect(validationText("en", message)).toBe(en.contact.errors[key]);
      expect(validationText("es", message)).toBe(es.contact.errors[key]);
    }
  });

  // As components/public/caregiver-card.tsx RatingLine writes a rating.
  const rating = (avg: number | null, count: number) =>
    avg === null || count === 0 ? t("card.newToTendly") : t("card.rating", { rating: avg.toFixed(1), count });

  test("ratings, as formatRating writes them", () => {
    for (const [avg, count] of [
      [4.86, 23],
      [5, 1],
      [null, 0],
    ] as const) {
      expect(rating(avg, count)).toBe(formatRating(avg, count));
    }
  });

  test("the update banner", () => {
    // Its words are the chrome's, in common (docs/decisions/0041-what-a-page-carries.md).
    const common = getFixedT("en", "common");
    for (const [key, text] of Object.entries(UPDATE_TEXT)) expect(common(`update.${key}`)).toBe(text);
  });

  test("the Markdown pages' titles and descriptions, in each language", () => {
    for (const [messages, folder] of [
      [en, ""],
      [es, "es/"],
    ] as const) {
      for (const name of ["privacy", "terms", "accessibility"] as const) {
        const file = path.resolve(import.meta.dirname, `../../../content/pages/${folder}${name}.md`);
        const front = Object.fromEntries(
          [...readFileSync(file, "utf8").matchAll(/^(title|description): (.*)$/gm)].map(([, field, value]) => [
            field,
            value,
          ]),
        );
        expect(messages.contentPages[name], `${folder}${name}`).toEqual(front);
      }
    }
  });
});

describe("the support emails", () => {
  test("are written in the language asked for, English by default", () => {
    const english = contactConfirmationEmail({ supportEmail: "help@tendly.test", supportPhone: "555-0100" });
    expect(english.subject).toBe("We received your message");
    expect(english.text).toContain(
      "For anything urgent, call us at 555-0100: we answer 24 hours a day, 7 days a week. You can also write to help@tendly.test.",
    );
    const spanish = contactConfirmationEmail({
      supportEmail: "help@tendly.test",
      supportPhone: "555-0100",
      locale: "es",
    });
    expect(spanish.subject).toBe("Recibimos su mensaje");
    expect(spanish.html).toContain('<html lang="es">');

    const newsletter = newsletterConfirmEmail({
      confirmUrl: "https://tendly.test/newsletter/confirm?token=a",
      unsubscribeUrl: "https://tendly.test/newsletter/unsubscribe?email=a&token=b",
      locale: "es",
    });
    expect(newsletter.subject).toBe("Confirme su suscripción al boletín de Tendly");
    expect(newsletter.text).toContain("Confirmar mi suscripción: https://tendly.test/newsletter/confirm?token=a");
    expect(newsletter.text).toContain("https://tendly.test/newsletter/unsubscribe?email=a&token=b");
  });
});
