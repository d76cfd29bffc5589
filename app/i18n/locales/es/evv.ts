import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/evv";

// Verificación electrónica de visitas para administradores: la cola de excepciones y la exportación CSV.
export default {
  heading: "evv",
} satisfies TranslationOf<typeof en>;
