import type { PostProcessorModule } from "i18next";

// Punctuation a message gets from its values: a time that ends a sentence ends
// with the period of its abbreviation ("4:38 p. m."), and the sentence's own
// would double it ("4:38 p. m.."). Every translated text passes through here
// (app/i18n/i18n.server.ts, app/i18n/react.tsx). An ellipsis ("...") is left alone.

export const SINGLE_PERIOD: PostProcessorModule = {
  type: "postProcessor",
  name: "singlePeriod",
  process: (value: string) => value.replace(/(?<!\.)\.\.(?!\.)/g, "."),
};
