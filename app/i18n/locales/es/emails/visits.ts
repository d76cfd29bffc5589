import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/visits";

// Spanish for families and caregivers: usted, plain words, never word for word.
export default {
  lateCaregiver: {
    subject: "No ha registrado su llegada a la visita del {{when}}",
    preheader: "Registre su llegada ahora o avísenos si no puede ir.",
    heading: "Su visita ya empezó",
    greeting:
      "Hola, {{firstName}}. Su visita del pedido {{orderNumber}} debía empezar el {{when}} y usted no ha registrado su llegada.",
    body: "Si ya está allí, registre su llegada ahora. Si no puede ir, avísenos desde su agenda para enviar a otro cuidador.",
    action: "Abrir su agenda",
  },
  lateFamily: {
    subject: "{{caregiverName}} todavía no ha registrado su llegada",
    preheader: "La visita del {{when}} no ha empezado.",
    heading: "Su cuidador todavía no ha llegado",
    greeting:
      "Hola, {{firstName}}. {{caregiverName}} no ha registrado su llegada a la visita del {{when}} (pedido {{orderNumber}}).",
    body: "Ya le avisamos a esa persona y a nuestro equipo. Si no puede venir, ofrecemos la visita a otros cuidadores cercanos y le decimos quién va.",
    action: "Ver su pedido",
  },
  lateAdmin: {
    subject: "Visita con retraso: {{orderNumber}}, {{when}}",
    preheader: "{{caregiverName}} no ha registrado su llegada.",
    heading: "Una visita no ha empezado",
    greeting: "{{caregiverName}} no ha registrado su llegada a la visita del pedido {{orderNumber}} del {{when}}.",
    body: "Ya se avisó al cuidador y a la familia. La visita se ofrece a cuidadores de respaldo {{backupMinutes}} minutos después de su inicio.",
    action: "Abrir el pedido",
  },
  backupOffer: {
    subject: "Una familia cerca de {{area}} necesita un cuidador el {{when}}",
    preheader: "El primer cuidador que acepte se queda con la visita.",
    heading: "¿Puede cubrir una visita?",
    greeting: "Hola, {{firstName}}. Una visita en {{area}} el {{when}} necesita un cuidador.",
    body: "Ábrala para ver los detalles y aceptarla. El primer cuidador que acepte se queda con ella.",
    action: "Ver la visita",
  },
  noBackup: {
    subject: "No hay cuidador de respaldo para {{orderNumber}}, {{when}}",
    preheader: "Nadie está libre para cubrir esta visita.",
    heading: "Nadie está libre para cubrir una visita",
    greeting:
      "La visita del pedido {{orderNumber}} del {{when}} necesita un cuidador y ningún otro cuidador adecuado está libre a esa hora.",
    body: "Llame a la familia y busque a alguien a mano.",
    action: "Abrir el pedido",
  },
  noBackupFamily: {
    subject: "Todavía no hay un cuidador de respaldo libre para su visita del {{when}}",
    preheader: "Nuestro equipo de cuidado está buscando a alguien directamente.",
    heading: "Estamos buscando un cuidador para su visita",
    greeting:
      "Hola, {{firstName}}. Ningún otro cuidador cerca de usted está libre para la visita del {{when}} (pedido {{orderNumber}}).",
    body: "Nuestro equipo de cuidado ya está al tanto y está buscando a alguien directamente. Le diremos quién va, o nos comunicaremos con usted para cambiar la visita. También puede escribirnos desde su página de mensajes.",
    action: "Ver su pedido",
  },
  backupTakenFamily: {
    subject: "{{caregiverName}} va a su visita del {{when}}",
    preheader: "Otro cuidador cubre esta visita.",
    heading: "{{caregiverName}} va en camino",
    greeting: "Hola, {{firstName}}. {{caregiverName}} cubre la visita del {{when}} (pedido {{orderNumber}}).",
    body: "Su cuidador de siempre no pudo ir. Sus demás visitas no cambian.",
    action: "Ver su pedido",
  },
  backupTakenOriginal: {
    subject: "Su visita del {{when}} ya está cubierta",
    preheader: "{{caregiverName}} se encarga de ella.",
    heading: "Otro cuidador cubre su visita",
    greeting: "Hola, {{firstName}}. {{caregiverName}} se encarga de su visita del {{when}} (pedido {{orderNumber}}).",
    body: "No necesita ir a esta visita. Sus demás visitas no cambian.",
    action: "Ver sus pedidos",
  },
  cancelledFamily: {
    subject: "{{caregiverName}} no puede ir a su visita del {{when}}",
    preheader: "Estamos buscando otro cuidador.",
    heading: "Su cuidador no puede ir a una visita",
    greeting: "Hola, {{firstName}}. {{caregiverName}} no puede ir a la visita del {{when}} (pedido {{orderNumber}}).",
    body: "La estamos ofreciendo a otros cuidadores cercanos y le diremos quién va.",
    action: "Ver su pedido",
  },
  cancelledAdmin: {
    subject: "Visita cancelada por el cuidador: {{orderNumber}}, {{when}}",
    subjectLate: "Cancelación tardía: {{orderNumber}}, {{when}}",
    preheader: "{{caregiverName}} no puede ir.",
    heading: "Un cuidador no puede ir a una visita",
    greeting: "{{caregiverName}} canceló la visita del pedido {{orderNumber}} del {{when}}.",
    late: "Es una cancelación tardía: menos de {{hours}} horas antes del inicio.",
    reason: "Motivo indicado: {{reason}}",
    reasonTimeOff: "Motivo indicado: días libres",
    body: "La visita se ofrece a cuidadores de respaldo.",
    action: "Abrir el pedido",
  },
} satisfies TranslationOf<typeof en>;
