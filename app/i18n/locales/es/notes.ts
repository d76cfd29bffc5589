import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/notes";

// Notas de visita: lo que el cuidador anota después de una visita y la línea de tiempo de la familia.
export default {
  heading: "notes",
} satisfies TranslationOf<typeof en>;
