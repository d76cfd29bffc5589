import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/messages";

// Conversations: families with their caregivers, everyone with support.
export default {
  metaTitle: "Mensajes | Tendly",
  heading: "Mensajes",
  intro: "Escriba a su cuidador o a la familia mientras dura el cuidado, y al Soporte de Tendly en cualquier momento.",
  list: {
    /** A family circle member's conversation: whose care it is about. */
    careOf: "Cuidado de {{names}}",
    label: "Conversaciones",
    empty: "Aún no hay conversaciones",
    emptyClient: "La conversación con su cuidador empieza cuando un cuidador confirma su pedido.",
    emptyCaregiver: "La conversación con una familia empieza cuando usted confirma su pedido.",
    emptyAdmin: "Nadie ha escrito a soporte todavía.",
    messageSupport: "Escribir a soporte",
    supportHint: "¿Preguntas sobre su cuidado, su cuenta o la facturación? El Soporte de Tendly responde aquí.",
    unread_one: "{{count}} mensaje sin leer",
    unread_other: "{{count}} mensajes sin leer",
    noMessages: "Aún no hay mensajes",
    you: "Usted: {{text}}",
    readOnly: "Solo lectura",
  },
  title: {
    support: "Soporte de Tendly",
    personWithRole: "{{name}} · {{role}}",
  },
  roles: {
    client: "Cliente",
    caregiver: "Cuidador",
  },
  conversation: {
    label: "Conversación con {{name}}",
    back: "Todas las conversaciones",
    choose: "Elija una conversación para leerla.",
    history: "Mensajes con {{name}}",
    loadEarlier: "Cargar mensajes anteriores",
    loadingEarlier: "Cargando mensajes anteriores…",
    loadEarlierFailed: "No pudimos cargar los mensajes anteriores. Inténtelo de nuevo.",
    start: "Aún no hay mensajes. Escriba el primero abajo.",
    startSupport:
      "Pregúntenos lo que necesite sobre su cuidado, su cuenta o la facturación. El equipo de Tendly responde aquí, normalmente en un día.",
    readOnlyNote: "Esta conversación es de solo lectura: el cuidado con {{name}} ha terminado. Todavía puede leerla.",
    you: "Usted",
    /** Who on the family's side wrote a message (docs/product-rules.md, "Family circle"). */
    author: {
      holder: "{{name}} (titular de la cuenta)",
      manage: "{{name}} (gestiona)",
      follow: "{{name}} (sigue el cuidado)",
    },
  },
  composer: {
    label: "Mensaje",
    placeholder: "Escriba un mensaje…",
    hint: "Pulse Intro para enviar y Mayús+Intro para una línea nueva.",
    send: "Enviar",
    remaining: "Quedan {{count}} caracteres",
  },
  status: {
    sending: "Enviando…",
    waiting: "Esperando conexión",
    held: "Esperando para enviarse",
    sent: "Enviado",
    delivered: "Entregado",
    read: "Leído",
  },
  connection: {
    offline:
      "No tiene conexión. Los mensajes que escriba esperan en este dispositivo y se envían cuando vuelva a estar en línea.",
  },
  admin: {
    heading: "Conversaciones",
    intro:
      "Mensajes que las familias y los cuidadores envían al Soporte de Tendly. Cualquier administrador puede responder.",
    ticketsHeading: "Mensajes del formulario de contacto",
  },
  errors: {
    empty: "Escriba un mensaje antes de enviarlo.",
    tooLong: "Un mensaje puede tener como máximo 10,000 caracteres.",
    notFound: "No pudimos encontrar esta conversación.",
    readOnly: "Esta conversación es de solo lectura: el cuidado con esta persona ha terminado.",
    keyReused: "Este mensaje ya se envió en otra conversación.",
    invalid: "No pudimos leer esta solicitud. Vuelva a cargar la página.",
    tooFast: "Está enviando mensajes muy rápido. Este espera en su dispositivo y se enviará solo en unos momentos.",
    generic: "Algo salió mal. Inténtelo de nuevo.",
  },
} satisfies TranslationOf<typeof en>;
