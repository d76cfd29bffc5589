import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/notes";

// Spanish for families: usted, plain words, never word for word.
export default {
  newNote: {
    subject: "Una nota de la visita del {{visit}} ({{orderNumber}})",
    preheader: "Lo que se hizo, las comidas, el ánimo y las observaciones.",
    heading: "Su cuidador escribió una nota de la visita",
    greeting:
      "Hola, {{firstName}}. Su cuidador escribió una nota sobre la visita del {{visit}} (pedido {{orderNumber}}).",
    body: "Léala en el historial de cuidado del pedido: lo que se hizo o se rechazó, las comidas, el ánimo y las observaciones, y las fotos que haya.",
    action: "Leer la nota",
  },
} satisfies TranslationOf<typeof en>;
