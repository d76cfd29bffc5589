import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { caregiverProfiles } from "./caregivers";

// Caregiver training (docs/product-rules.md, "Caregiver training"): modules with
// a reading, a quiz and optionally a captioned video, each in English and
// Spanish; and every caregiver's quiz attempts. A module is passed once an
// attempt at or above its pass mark exists.

/** A text in both languages. */
export type BilingualText = { en: string; es: string };

/** One quiz question: the prompt and options in both languages, and the index of the correct option. */
export type TrainingQuestion = { prompt: BilingualText; options: BilingualText[]; answer: number };

export const trainingModules = pgTable("training_modules", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stable name of a starter module (the seed's key) or of one an admin created. */
  slug: text("slug").notNull().unique(),
  position: integer("position").notNull().default(0),
  title: jsonb("title").$type<BilingualText>().notNull(),
  summary: jsonb("summary").$type<BilingualText>().notNull(),
  /** Paragraphs separated by a blank line. */
  reading: jsonb("reading").$type<BilingualText>().notNull(),
  questions: jsonb("questions").$type<TrainingQuestion[]>().notNull(),
  /** Percent of questions right needed to pass. */
  passMark: smallint("pass_mark").notNull().default(80),
  isRequired: boolean("is_required").notNull().default(false),
  /** With isRequired: the moment from which a caregiver who has not passed gets no new offers; null = at once. */
  requiredBy: timestamp("required_by", { withTimezone: true }),
  /** When the reminder before requiredBy went out (cleared when the date changes). */
  dueReminderSentAt: timestamp("due_reminder_sent_at", { withTimezone: true }),
  /** A video under the app's own static assets, or an https address; null = no video. */
  videoUrl: text("video_url"),
  /** WebVTT caption tracks, same rules as videoUrl. */
  captions: jsonb("captions").$type<Partial<BilingualText>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const trainingAttempts = pgTable(
  "training_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => trainingModules.id, { onDelete: "cascade" }),
    caregiverId: text("caregiver_id")
      .notNull()
      .references(() => caregiverProfiles.userId, { onDelete: "cascade" }),
    /** Percent right, 0-100. */
    score: smallint("score").notNull(),
    passed: boolean("passed").notNull(),
    /** The option chosen for each question, in order. */
    answers: jsonb("answers").$type<number[]>().notNull(),
    /** Indexes of the questions answered wrongly. */
    wrong: jsonb("wrong").$type<number[]>().notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("training_attempts_caregiver_idx").on(table.caregiverId, table.moduleId)],
);
