import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/reviews";

// Opiniones: las estrellas, el comentario y las etiquetas de la familia, su moderación y las reseñas de los perfiles públicos.
export default {
  heading: "reviews",
} satisfies TranslationOf<typeof en>;
