import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/visits";

// Visitas del lado del cuidador: registro de llegada y salida (también sin conexión), la agenda y el calendario.
export default {
  heading: "visits",
} satisfies TranslationOf<typeof en>;
