import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/alerts";

// Visitas tardías y perdidas, cuidadores de respaldo, cancelaciones tardías y los ajustes de la atención.
export default {
  heading: "alerts",
} satisfies TranslationOf<typeof en>;
