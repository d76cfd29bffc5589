import type { ServiceId } from "~/utils/services";

// The static marketing data of the public pages (docs/product-rules.md, "Public site and header"): claims,
// figures, services, steps and testimonials. One source for every page.

/** What /services and the home page say of a service; its name is SERVICE_LABELS[id]. */
export type ServiceCopy = {
  id: ServiceId;
  summary: string;
  includes: string[];
  goodFor: string;
};

export const SERVICE_COPY: ServiceCopy[] = [
  {
    id: "personal-care",
    summary: "Dignified help with bathing, dressing, grooming, toileting and moving safely around the home.",
    includes: [
      "Bathing, showering and oral care at the pace your loved one sets",
      "Dressing, grooming and continence care handled with discretion",
      "Safe transfers from bed, chair and wheelchair",
      "Medication reminders at the times on the care plan",
    ],
    goodFor: "People recovering from surgery or illness, living with a chronic condition or dementia.",
  },
  {
    id: "companionship",
    summary: "A familiar face for conversation, walks, hobbies and outings, so no day feels long or lonely.",
    includes: [
      "Conversation, games, reading aloud and shared hobbies",
      "Walks, errands and trips to see friends or attend services",
      "Gentle prompts to eat, drink and keep up routines",
      "A short note to the family after every visit",
    ],
    goodFor: "Older adults who live alone, and families who live far away or work long hours.",
  },
  {
    id: "housekeeping",
    summary: "Light housekeeping that keeps the home clean, tidy and safe to move around in.",
    includes: [
      "Laundry, changing bed linen and tidying living areas",
      "Kitchen and bathroom cleaning after care tasks",
      "Clearing walkways and spotting trip hazards",
      "Taking out rubbish and recycling",
    ],
    goodFor: "Anyone for whom chores have become tiring or risky.",
  },
  {
    id: "meal-preparation",
    summary: "Fresh, home-cooked meals that follow dietary needs, cultural tastes and doctor's advice.",
    includes: [
      "Planning menus together and shopping for groceries",
      "Cooking for diabetic, low-sodium, soft or pureed diets",
      "Dishes from your own culture and family recipes",
      "Help with eating and keeping an eye on fluids",
    ],
    goodFor: "People with special diets, poor appetite or difficulty standing at the stove.",
  },
  {
    id: "transportation",
    summary: "Door-to-door rides and an escort to appointments, the pharmacy, shops and social visits.",
    includes: [
      "Rides to doctor, dialysis and therapy appointments",
      "Staying for the visit and taking notes for the family",
      "Pharmacy and grocery runs",
      "Trips to family events, worship and community centres",
    ],
    goodFor: "People who no longer drive or need a steady arm getting in and out of the car.",
  },
];

export type TrustClaim = { title: string; text: string };

/** Every vetting and safety claim of the public pages. */
export const TRUST_CLAIMS: TrustClaim[] = [
  {
    title: "Vetted caregivers",
    text: "Every caregiver is interviewed and screened before they can accept a single visit.",
  },
  {
    title: "Identity verification",
    text: "We check a government-issued photo ID against the person who applies.",
  },
  {
    title: "Reference checks",
    text: "We speak with previous employers or clients about reliability and the quality of their care.",
  },
  {
    title: "Criminal record checks",
    text: "Felonies are checked over the past 10 years and misdemeanors over the past 5 years.",
  },
  {
    title: "Ongoing monitoring",
    text: "Checks continue after approval, and every visit is rated by the family who received it.",
  },
  {
    title: "Certified training",
    text: "Caregivers complete our training modules before their first job.",
  },
  {
    title: "24/7 human support",
    text: "A real person answers the phone day and night, weekends and holidays included.",
  },
];

export type ImpactStat = { value: string; label: string };
export const IMPACT_STATS: ImpactStat[] = [
  { value: "1000+", label: "hours of care delivered" },
  { value: "100+", label: "families supported" },
  { value: "100+", label: "top-rated caregivers" },
  { value: "10+", label: "languages spoken" },
];

export type Step = { title: string; text: string };
export const CLIENT_STEPS: Step[] = [
  {
    title: "Share your care needs",
    text: "Tell us who needs care, the help they need, their language and culture, and when. It takes a few minutes.",
  },
  {
    title: "Get matched",
    text: "We suggest vetted caregivers who fit the health needs, schedule, language and preferences you gave, and say why.",
  },
  {
    title: "Book and receive care",
    text: "Confirm your caregiver, see the quote before you book, and follow every visit from your dashboard.",
  },
];
export const CAREGIVER_STEPS: Step[] = [
  {
    title: "Apply online",
    text: "The application takes about 2 minutes: your details, experience, availability and documents.",
  },
  {
    title: "Get approved and trained",
    text: "We verify your identity, references and background; typical review time is 5-7 business days. Then you complete our training.",
  },
  {
    title: "Accept jobs near you",
    text: "Choose the visits that fit your schedule and travel radius, and get paid for every completed visit.",
  },
];

export type Testimonial = { id: string; name: string; role: string; quote: string; stars: number };
export const TESTIMONIALS: Testimonial[] = [
  {
    id: "t1",
    name: "Denise R.",
    role: "Daughter of a client, Chicago",
    quote:
      "My mother speaks mostly Spanish. Tendly matched her with a caregiver who shares her language and her cooking. She looks forward to every visit.",
    stars: 5,
  },
  {
    id: "t2",
    name: "Harold M.",
    role: "Client, Phoenix",
    quote:
      "After my hip surgery I needed help for six weeks. The caregiver was on time every morning and knew exactly how to help me move safely.",
    stars: 5,
  },
  {
    id: "t3",
    name: "Priya S.",
    role: "Caregiver, Houston",
    quote:
      "The application was quick and the training was genuinely useful. I choose jobs that fit around my children's school day.",
    stars: 5,
  },
  {
    id: "t4",
    name: "Marcus T.",
    role: "Son of a client, Atlanta",
    quote:
      "I live two states away. The visit notes tell me how Dad is doing, and I can call support at any hour when I worry.",
    stars: 5,
  },
  {
    id: "t5",
    name: "Elaine K.",
    role: "Wife of a client, Chicago",
    quote:
      "Caring for my husband with dementia was wearing me down. Three afternoons a week of companionship gave me my life back.",
    stars: 4,
  },
];
export const TESTIMONIAL_SUMMARY = { rating: "4.9/5", from: "100+ families" };
