import type { AvailabilityWindow } from "./factories.server";

// About 60 approved demo caregivers in four metro areas, varied enough for
// matching to have real choices: services, languages, genders, skills,
// cultures, availability, radius and rates. Deterministic, so every fresh
// database looks the same. No ratings: a rating is only ever what families'
// reviews say (docs/product-rules.md, "Feedback"), and the demo has no reviews.

type Person = [firstName: string, lastName: string, gender: "female" | "male", languages: string[], cultures: string[]];

const PEOPLE: Person[] = [
  ["Maria", "Gonzalez", "female", ["en", "es"], ["latino"]],
  ["James", "Carter", "male", ["en"], []],
  ["Aisha", "Bello", "female", ["en", "yo"], ["west-african"]],
  ["Wei", "Chen", "female", ["en", "zh"], ["chinese"]],
  ["Olena", "Kovalenko", "female", ["en", "uk", "ru"], ["eastern-european"]],
  ["Luis", "Ramirez", "male", ["en", "es"], ["latino"]],
  ["Grace", "Kim", "female", ["en", "ko"], ["korean"]],
  ["Priya", "Patel", "female", ["en", "hi", "gu"], ["south-asian"]],
  ["Thomas", "Nguyen", "male", ["en", "vi"], ["vietnamese"]],
  ["Fatima", "Haddad", "female", ["en", "ar"], ["middle-eastern"]],
  ["Rosa", "Martinez", "female", ["es"], ["latino"]],
  ["Daniel", "Okafor", "male", ["en", "ig"], ["west-african"]],
  ["Linda", "Johnson", "female", ["en"], ["african-american"]],
  ["Anna", "Kowalski", "female", ["en", "pl"], ["eastern-european"]],
  ["Miguel", "Torres", "male", ["en", "es"], ["latino"]],
  ["Sofia", "Rossi", "female", ["en", "it"], []],
  ["Kwame", "Mensah", "male", ["en", "tw"], ["west-african"]],
  ["Mei", "Lin", "female", ["en", "zh"], ["chinese"]],
  ["Patricia", "Brown", "female", ["en"], ["african-american"]],
  ["Ana", "Silva", "female", ["en", "pt"], ["brazilian"]],
  ["Robert", "Miller", "male", ["en"], []],
  ["Nadia", "Rahman", "female", ["en", "bn"], ["south-asian"]],
  ["Carmen", "Lopez", "female", ["en", "es"], ["latino"]],
  ["Joseph", "Mwangi", "male", ["en", "sw"], ["east-african"]],
  ["Hana", "Tanaka", "female", ["en", "ja"], ["japanese"]],
  ["Elena", "Petrova", "female", ["en", "ru"], ["eastern-european"]],
  ["Marcus", "Williams", "male", ["en"], ["african-american"]],
  ["Leila", "Karimi", "female", ["en", "fa"], ["middle-eastern"]],
  ["Jose", "Hernandez", "male", ["es", "en"], ["latino"]],
  ["Susan", "Davis", "female", ["en"], []],
  ["Tuan", "Pham", "male", ["vi", "en"], ["vietnamese"]],
  ["Esther", "Adeyemi", "female", ["en", "yo"], ["west-african"]],
  ["Isabel", "Cruz", "female", ["en", "es", "tl"], ["filipino"]],
  ["Michael", "O'Brien", "male", ["en"], []],
  ["Ji-woo", "Park", "female", ["ko", "en"], ["korean"]],
  ["Amina", "Yusuf", "female", ["en", "so"], ["east-african"]],
  ["Carlos", "Mendoza", "male", ["en", "es"], ["latino"]],
  ["Ruth", "Goldberg", "female", ["en", "he", "yi"], ["jewish"]],
  ["Arjun", "Sharma", "male", ["en", "hi"], ["south-asian"]],
  ["Angela", "Thompson", "female", ["en"], ["african-american"]],
  ["Yara", "Khalil", "female", ["ar", "en", "fr"], ["middle-eastern"]],
  ["Francisco", "Vargas", "male", ["es"], ["latino"]],
  ["Lucy", "Zhang", "female", ["zh", "en"], ["chinese"]],
  ["Dorothy", "Jackson", "female", ["en"], ["african-american"]],
  ["Marie", "Joseph", "female", ["en", "ht", "fr"], ["haitian"]],
  ["David", "Cohen", "male", ["en", "he"], ["jewish"]],
  ["Teresa", "Santos", "female", ["en", "tl"], ["filipino"]],
  ["Samuel", "Boateng", "male", ["en", "tw"], ["west-african"]],
  ["Irina", "Volkova", "female", ["ru", "en"], ["eastern-european"]],
  ["Gabriela", "Flores", "female", ["en", "es"], ["latino"]],
  ["Kevin", "Tran", "male", ["en", "vi"], ["vietnamese"]],
  ["Helen", "Murphy", "female", ["en"], []],
  ["Omar", "Farouk", "male", ["ar", "en"], ["middle-eastern"]],
  ["Jasmine", "Lee", "female", ["en", "ko"], ["korean"]],
  ["Beatriz", "Oliveira", "female", ["pt", "es", "en"], ["brazilian"]],
  ["Nancy", "Wilson", "female", ["en"], []],
  ["Emmanuel", "Pierre", "male", ["en", "ht"], ["haitian"]],
  ["Lakshmi", "Iyer", "female", ["en", "ta"], ["south-asian"]],
  ["Yolanda", "Reyes", "female", ["es", "en"], ["latino"]],
  ["Peter", "Schmidt", "male", ["en", "de"], []],
];

const METRO_ZIPS: string[][] = [
  ["60614", "60657", "60618", "60625", "60640", "60647", "60608", "60615", "60622", "60660"], // Chicago
  ["77004", "77006", "77019", "77025", "77035", "77055", "77081", "77096"], // Houston
  ["85003", "85006", "85008", "85013", "85016", "85018", "85020", "85032"], // Phoenix
  ["30303", "30306", "30308", "30309", "30310", "30316", "30318", "30324"], // Atlanta
];

const SERVICE_SETS = [
  ["personal-care", "companionship"],
  ["companionship", "housekeeping", "meal-preparation"],
  ["personal-care", "companionship", "meal-preparation"],
  ["transportation", "companionship"],
  ["personal-care", "housekeeping", "meal-preparation", "transportation"],
  ["housekeeping", "meal-preparation"],
  ["personal-care", "companionship", "housekeeping", "meal-preparation", "transportation"],
];

const SKILL_SETS = [
  ["dementia", "medication-reminders"],
  ["mobility-transfers", "post-surgery"],
  ["diabetes", "medication-reminders"],
  ["hospice-support", "dementia"],
  [],
  ["mobility-transfers", "diabetes", "medication-reminders"],
  ["post-surgery"],
  ["dementia", "mobility-transfers", "hospice-support"],
];

const hours = (h: number) => h * 60;
const days = (weekdays: number[], start: number, end: number): AvailabilityWindow[] =>
  weekdays.map((weekday) => ({ weekday, startMinute: hours(start), endMinute: hours(end) }));

const AVAILABILITY_PATTERNS: AvailabilityWindow[][] = [
  days([0, 1, 2, 3, 4], 8, 17), // weekday days
  days([0, 1, 2, 3, 4], 14, 22), // afternoons and evenings
  days([5, 6], 7, 20), // weekends
  days([0, 1, 2, 3, 4, 5, 6], 0, 24), // live-in / around the clock
  [...days([0, 2, 4], 9, 15), ...days([5], 10, 16)], // part time
  days([0, 1, 2, 3, 4, 5], 6, 14), // early shifts
];

const BIOS = [
  "I have cared for older adults for years and love helping people stay independent at home.",
  "Patient and calm, I focus on routines that make every day feel safe and familiar.",
  "Former hospital aide; I bring clinical habits and a warm heart to home care.",
  "I believe good care starts with listening. Families tell me I feel like part of theirs.",
  "Certified nursing assistant who enjoys cooking healthy meals and good conversation.",
];

export type DemoCaregiver = {
  firstName: string;
  lastName: string;
  email: string;
  gender: string;
  languages: string[];
  cultures: string[];
  services: string[];
  skills: string[];
  zipCode: string;
  availability: AvailabilityWindow[];
  yearsExperience: number;
  travelRadiusMiles: number;
  hourlyRateCents: number;
  bio: string;
};

export function demoCaregivers(): DemoCaregiver[] {
  return PEOPLE.map(([firstName, lastName, gender, languages, cultures], index) => {
    const metro = METRO_ZIPS[index % METRO_ZIPS.length]!;
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "") + "@caregivers.demo.tendly.test",
      gender,
      languages,
      cultures,
      services: SERVICE_SETS[index % SERVICE_SETS.length]!,
      skills: SKILL_SETS[(index * 3) % SKILL_SETS.length]!,
      zipCode: metro[Math.floor(index / METRO_ZIPS.length) % metro.length]!,
      availability: AVAILABILITY_PATTERNS[index % AVAILABILITY_PATTERNS.length]!,
      yearsExperience: 1 + ((index * 5) % 19),
      travelRadiusMiles: [5, 10, 15, 20, 25][index % 5]!,
      hourlyRateCents: 2200 + ((index * 150) % 1600),
      bio: BIOS[index % BIOS.length]!,
    };
  });
}
