import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/home";

// Las pantallas de inicio: el panel y los cuidadores de la familia, el panel y los clientes del cuidador.
export default {
  heading: "home",
} satisfies TranslationOf<typeof en>;
