import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/support";

export default {
  contactConfirmation: {
    subject: "Recibimos su mensaje",
    preheader: "El equipo de soporte de Tendly le responderá en un día hábil.",
    heading: "Recibimos su mensaje",
    body: "Recibimos su mensaje y le responderemos en un día hábil.",
    urgent:
      "Para cualquier asunto urgente, llámenos al {{phone}}: atendemos las 24 horas del día, los 7 días de la semana. También puede escribirnos a {{email}}.",
    footnote:
      "Si usted no se comunicó con Tendly, puede ignorar este mensaje: enviamos esta confirmación como máximo una vez al día.",
  },
  newsletterConfirm: {
    subject: "Confirme su suscripción al boletín de Tendly",
    preheader: "Un clic para empezar a recibir nuestras guías de cuidado.",
    heading: "Confirme su suscripción",
    body: "Usted pidió recibir el boletín de Tendly: guías prácticas para familias y cuidadores, más o menos una vez al mes.",
    onlyOnceConfirmed: "Solo se lo enviaremos cuando lo confirme. El enlace es válido durante 7 días.",
    unsubscribe: "¿Cambió de opinión? Cancele la suscripción en cualquier momento: {{url}}",
    action: "Confirmar mi suscripción",
    footnote: "Si usted no lo pidió, ignore este mensaje y no volverá a saber de nosotros.",
  },
} satisfies TranslationOf<typeof en>;
