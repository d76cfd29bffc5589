import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/care";

// Spanish for families and caregivers: usted, plain words, never word for word.
export default {
  requestReceived: {
    subject: "Recibimos su solicitud de cuidado {{orderNumber}}",
    preheader: "La estamos ofreciendo a los cuidadores más adecuados.",
    heading: "Recibimos su solicitud de cuidado",
    greeting: "Hola, {{firstName}}. Gracias por elegir Tendly. Ya recibimos su solicitud {{orderNumber}}.",
    body: "La ofrecemos al cuidador que usted elija, o al más adecuado, y le avisamos en cuanto un cuidador la acepte. Si un cuidador no puede aceptarla, la ofrecemos al siguiente más adecuado.",
    action: "Ver su solicitud",
  },
  offer: {
    subject: "Nueva oferta de cuidado {{orderNumber}} cerca de {{area}}",
    preheader: "Acéptela o recházela antes de: {{expiresAt}}.",
    heading: "Una familia quiere contar con usted",
    greeting: "Hola, {{firstName}}. Tiene una nueva oferta ({{orderNumber}}) en {{area}}.",
    body: "Ábrala para ver el horario y el pago del trabajo, y acéptela o recházela antes de: {{expiresAt}}. Después de ese plazo, se ofrecerá a otro cuidador.",
    action: "Abrir la oferta",
  },
  confirmed: {
    subject: "{{caregiverName}} confirmó su cuidado {{orderNumber}}",
    preheaderFirstVisit: "Primera visita: {{firstVisit}}.",
    preheader: "Su cuidador está confirmado.",
    heading: "Su cuidador está confirmado",
    greeting: "Hola, {{firstName}}. {{caregiverName}} aceptó su solicitud {{orderNumber}}.",
    firstVisit: "Fecha de la primera visita: {{firstVisit}}.",
    noVisit: "Puede ver sus visitas en su página de citas.",
    action: "Ver sus citas",
  },
  cancelled: {
    subject: "Se canceló el pedido de cuidado {{orderNumber}}",
    preheader: "Cancelado por {{byWhom}}.",
    heading: "Este pedido de cuidado está cancelado",
    greeting: "Hola, {{firstName}}. El pedido {{orderNumber}} fue cancelado por {{byWhom}}.",
    reason: "Motivo: {{reason}}",
    visits: "Sus próximas visitas también se cancelaron.",
    action: "Ver el pedido",
    byTeam: "el equipo de Tendly",
    byFamily: "la familia",
  },
  familyInvite: {
    subject: "{{inviterName}} le invitó a seguir el cuidado de {{recipientName}} en Tendly",
    preheader: "Acepte para unirse al círculo familiar.",
    heading: "Únase al círculo familiar de {{recipientName}}",
    invitedBy: "{{inviterName}} le invitó a {{roleText}}",
    body: "Inicie sesión o cree su cuenta de Tendly con esta dirección de correo y luego acepte la invitación.",
    action: "Aceptar la invitación",
    footnote:
      "El enlace vence en 7 días y funciona una sola vez. Si no esperaba esta invitación, puede ignorar este mensaje.",
    roles: {
      manage: "gestionar el cuidado de {{recipientName}}: reservar, cambiar, cancelar y pagar las visitas.",
      follow: "seguir el cuidado de {{recipientName}}: las visitas, las notas y los mensajes con el cuidador.",
      alerts: "recibir los avisos sobre las visitas de {{recipientName}}.",
    },
  },
} satisfies TranslationOf<typeof en>;
