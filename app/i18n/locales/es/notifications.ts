import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/notifications";

// The notifications each event sends, by key: <key>.title, <key>.message and <key>.action (the button).
// Spanish for families and caregivers: usted, plain words, never word for word.
export default {
  newMessage: {
    title: "Nuevo mensaje de {{name}}",
    message: "{{preview}}",
    action: "Responder",
  },

  offerReceived: {
    title: "Nueva oferta de cuidado {{orderNumber}}",
    message: "Una familia en {{area}} quiere contar con usted. Acéptela o recházela antes de: {{expiresAt}}.",
    action: "Ver la oferta",
  },
  orderConfirmed: {
    title: "Cuidado confirmado: {{orderNumber}}",
    message: "{{caregiverName}} aceptó su solicitud de cuidado. Primera visita: {{firstVisit}}.",
    action: "Ver el pedido",
  },
  orderConfirmedNoVisit: {
    title: "Cuidado confirmado: {{orderNumber}}",
    message: "{{caregiverName}} aceptó su solicitud de cuidado. Sus visitas están en la página del pedido.",
    action: "Ver el pedido",
  },
  caregiverAssigned: {
    title: "Cuidador asignado: {{orderNumber}}",
    message:
      "{{caregiverName}}, a quien el equipo de Tendly encontró para usted, aceptó su cuidado. Primera visita: {{firstVisit}}.",
    action: "Ver el pedido",
  },
  caregiverAssignedNoVisit: {
    title: "Cuidador asignado: {{orderNumber}}",
    message:
      "{{caregiverName}}, a quien el equipo de Tendly encontró para usted, aceptó su cuidado. Sus visitas están en la página del pedido.",
    action: "Ver el pedido",
  },
  caregiverFound: {
    title: "Cuidador encontrado para {{orderNumber}}: {{caregiverName}}",
    message:
      "El equipo de Tendly le pidió a {{caregiverName}} que se encargue de su cuidado. Le avisaremos en cuanto responda.",
    action: "Ver el pedido",
  },
  noCaregiverYet: {
    title: "Seguimos buscando un cuidador: {{orderNumber}}",
    message:
      "Todavía no hay un cuidador disponible para esta solicitud. El equipo de Tendly está buscando uno y le avisará cuando lo encuentre. Cambiar los horarios, los días o las preferencias puede ayudar.",
    action: "Ver qué puede cambiar",
  },
  orderCompleted: {
    title: "Cuidado completado: {{orderNumber}}",
    message:
      "Esperamos que todo haya salido bien. Cuéntenos cómo lo hizo {{caregiverName}}: su reseña ayuda a otras familias.",
    action: "Califique este cuidado",
  },
  orderCancelledByFamily: {
    title: "Pedido cancelado: {{orderNumber}}",
    message: "La familia canceló este cuidado. Sus próximas visitas ya no están en su agenda.",
    action: "Ver el pedido",
  },
  orderCancelledByTeam: {
    title: "Pedido cancelado: {{orderNumber}}",
    message: "El equipo de Tendly canceló este cuidado. Las próximas visitas también se cancelaron.",
    action: "Ver el pedido",
  },

  visitLateFamily: {
    title: "Cuidador sin registrar su llegada: {{when}}",
    message:
      "{{caregiverName}} todavía no ha registrado su llegada a esta visita. Nuestro equipo ya está al tanto y buscará un cuidador de reemplazo si hace falta.",
    action: "Ver el pedido",
  },
  visitLateCaregiver: {
    title: "No ha registrado su llegada: {{when}}",
    message: "Su visita ya empezó. Registre su llegada ahora o avísenos de inmediato si no puede ir.",
    action: "Abrir la agenda",
  },
  visitLateAdmin: {
    title: "Visita con retraso: pedido {{orderNumber}}, {{when}}",
    message:
      "{{caregiverName}} no ha registrado su llegada a esta visita en {{area}}. Ya se avisó al cuidador y a la familia, y después se pedirá a cuidadores de respaldo. Llame al cuidador o abra el pedido.",
    action: "Ver el pedido",
  },
  caregiverOnTheWay: {
    title: "{{caregiverName}} va en camino: {{when}}",
    message: "{{caregiverName}} va en camino a su visita. Llegada aproximada: {{arrival}}.",
    action: "Ver el pedido",
  },
  familyCodeClosedFamily: {
    title: "Se intentó demasiadas veces el código de su visita: {{when}}",
    message:
      "Se escribieron varios códigos incorrectos para registrar la llegada o la salida de esta visita con {{caregiverName}}, así que el código ya no sirve para ella. Nuestro equipo ya está al tanto. Si no fue su cuidador, contáctenos.",
    action: "Ver el pedido",
  },
  familyCodeClosedAdmin: {
    title: "Código de la familia cerrado tras intentos fallidos: pedido {{orderNumber}}",
    message:
      "Se escribieron demasiados códigos de la familia incorrectos para la visita del {{when}} con {{caregiverName}} en {{area}}. El código ya no sirve para esta visita. Consulte con el cuidador y con la familia.",
    action: "Ver el pedido",
  },
  visitMissedFamily: {
    title: "Visita no realizada: {{when}}",
    message: "Ningún cuidador registró su llegada a esta visita. Contáctenos si necesita ayuda para reprogramarla.",
    action: "Ver el pedido",
  },
  visitMissedCaregiver: {
    title: "Visita no realizada: {{when}}",
    message:
      "No se registró su llegada a esta visita. Si usted estuvo allí, abra la aplicación para que su teléfono envíe el registro.",
    action: "Abrir la agenda",
  },
  visitHandedOverTimeOff: {
    title: "Su cuidador tiene días libres: {{when}}",
    message:
      "{{caregiverName}} tiene días libres el día de esta visita (aviso dado: {{noticeHours}} h). Estamos pidiendo a otros cuidadores que la cubran, y nuestro equipo de cuidado interviene si nadie puede.",
    action: "Ver el pedido",
  },
  visitMoveRequested: {
    title: "Piden cambiar una visita: {{when}}",
    message: "La familia pide pasar esta visita en {{area}} al {{newWhen}}. Acéptelo o rechácelo.",
    action: "Responder",
  },
  visitMovedLateCaregiver: {
    title: "Urgente: piden cambiar la visita del {{when}}",
    message:
      "La familia pide pasar esta visita en {{area}} al {{newWhen}}, con menos de un día de aviso. Responda ahora, por favor.",
    action: "Responder",
  },
  visitMoveWithdrawn: {
    title: "Cambio retirado: {{when}}",
    message: "La familia retiró su pedido. La visita queda como estaba.",
    action: "Ver la visita",
  },
  visitMoveAccepted: {
    title: "Visita cambiada: {{when}}",
    message: "{{caregiverName}} aceptó. La visita del {{oldWhen}} es ahora el {{when}}.",
    action: "Ver el pedido",
  },
  visitMoveDeclined: {
    title: "Cambio rechazado: {{when}}",
    message:
      "{{caregiverName}} no puede ir a la nueva hora. La visita es ahora el {{when}} y estamos pidiendo a otros cuidadores que la cubran.",
    action: "Ver el pedido",
  },
  visitMoveExpired: {
    title: "Cambio sin respuesta: {{when}}",
    message:
      "{{caregiverName}} no respondió a tiempo. La visita es ahora el {{when}} y estamos pidiendo a otros cuidadores que la cubran.",
    action: "Ver el pedido",
  },
  scheduleChangeRequested: {
    title: "Piden cambiar el horario a partir del {{fromWhen}}",
    message: "La familia pide cambiar el horario semanal en {{area}} a partir del {{fromWhen}}. Acéptelo o rechácelo.",
    action: "Responder",
  },
  scheduleChangeLateCaregiver: {
    title: "Urgente: piden cambiar el horario a partir del {{fromWhen}}",
    message:
      "La familia pide cambiar el horario semanal en {{area}} a partir del {{fromWhen}}, con menos de un día de aviso. Responda ahora, por favor.",
    action: "Responder",
  },
  scheduleChangeWithdrawn: {
    title: "Cambio de horario retirado",
    message: "La familia retiró su pedido. Sus visitas quedan como estaban.",
    action: "Ver la agenda",
  },
  scheduleChangeBackupReleased: {
    title: "Visita ya no necesaria: {{when}}",
    message:
      "La familia cambió su horario semanal. La visita que usted cubría en {{area}} el {{when}} ya no hace falta.",
    action: "Ver la agenda",
  },
  scheduleChangeAccepted: {
    title: "Horario cambiado a partir del {{fromWhen}}",
    message: "{{caregiverName}} aceptó. Sus visitas a partir del {{fromWhen}} siguen el nuevo horario.",
    action: "Ver el pedido",
  },
  scheduleChangeDeclined: {
    title: "Cambio de horario rechazado",
    message:
      "{{caregiverName}} no puede tomar el nuevo horario. Sus visitas quedan como estaban y nuestro equipo se comunicará con usted para organizarlo.",
    action: "Ver el pedido",
  },
  scheduleChangeExpired: {
    title: "Cambio de horario sin respuesta",
    message:
      "{{caregiverName}} no respondió a tiempo. Sus visitas quedan como estaban y nuestro equipo se comunicará con usted para organizarlo.",
    action: "Ver el pedido",
  },
  scheduleChangeNotTakenAdmin: {
    title: "Cambio de horario no tomado: {{orderNumber}}",
    message:
      "El cuidador rechazó o no respondió el nuevo horario semanal de la familia a partir del {{fromWhen}}. Organícelo con la familia o con otro cuidador.",
    action: "Ver el pedido",
  },
  visitMoveNotMade: {
    title: "Visita no cambiada: {{when}}",
    message:
      "{{caregiverName}} no pudo tomar la nueva hora y no se pudo pedir a nadie más. La visita sigue el {{when}}.",
    action: "Ver el pedido",
  },
  visitCancelledByCaregiver: {
    title: "El cuidador no puede ir: {{when}}",
    message: "{{caregiverName}} no puede asistir a esta visita. Estamos pidiendo a otros cuidadores que la cubran.",
    action: "Ver el pedido",
  },
  backupOffered: {
    title: "Se necesita un cuidador de reemplazo: {{when}}",
    message:
      "Una familia en {{area}} necesita un cuidador para esta visita. Quien la acepte primero se queda con ella.",
    action: "Ver la visita",
  },
  noBackupFamily: {
    title: "Todavía no hay un cuidador de respaldo libre: {{when}}",
    message:
      "Ningún otro cuidador cerca de usted está libre para esta visita. Nuestro equipo de cuidado ya está al tanto y está buscando a alguien directamente: le diremos quién va, o nos comunicaremos con usted para cambiar la visita.",
    action: "Ver el pedido",
  },
  noBackupAdmin: {
    title: "Sin cuidador de respaldo: pedido {{orderNumber}}, {{when}}",
    message:
      "Ningún otro cuidador adecuado está libre para esta visita en {{area}}. Ya se le dijo a la familia que nuestro equipo está buscando a alguien. Busque un cuidador directamente o llame a la familia para cambiar la visita.",
    action: "Ver el pedido",
  },
  backupTakenFamily: {
    title: "Nuevo cuidador: {{when}}",
    message: "{{caregiverName}} cubrirá esta visita.",
    action: "Ver el pedido",
  },
  backupTakenPrevious: {
    title: "Visita cubierta: {{when}}",
    message: "{{caregiverName}} cubrirá esta visita, así que usted no necesita ir.",
    action: "Abrir la agenda",
  },
  reminderDayBeforeFamily: {
    title: "Recordatorio de visita: {{when}}",
    message: "{{caregiverName}} tiene programada esta visita de cuidado.",
    action: "Ver el pedido",
  },
  reminderHourBeforeFamily: {
    title: "Su visita empieza pronto: {{when}}",
    message: "{{caregiverName}} llegará dentro de la próxima hora.",
    action: "Ver el pedido",
  },
  reminderDayBeforeCaregiver: {
    title: "Recordatorio de visita: {{when}}",
    message: "Tiene una visita de cuidado en {{area}}. Revise sus detalles antes de ir.",
    action: "Abrir la agenda",
  },
  reminderHourBeforeCaregiver: {
    title: "Su visita empieza pronto: {{when}}",
    message: "Su visita en {{area}} empieza dentro de la próxima hora. Recuerde registrar su llegada cuando llegue.",
    action: "Abrir la agenda",
  },

  applicationApproved: {
    title: "Su solicitud fue aprobada",
    message: "¡Le damos la bienvenida a Tendly! Complete su capacitación para empezar a aceptar trabajos de cuidado.",
    action: "Abrir su panel",
  },
  applicationDeclined: {
    title: "Su solicitud no fue aprobada",
    message: "Le enviamos un correo electrónico con los detalles.",
  },
  welcomeFamily: {
    title: "Le damos la bienvenida a Tendly",
    message:
      "Su correo electrónico está verificado. Cuéntenos qué cuidado necesita y buscaremos un cuidador adecuado para usted.",
    action: "Buscar cuidado",
  },
  welcomeCaregiver: {
    title: "Le damos la bienvenida a Tendly",
    message: "Su correo electrónico está verificado. Abra su panel para ver el siguiente paso de su solicitud.",
    action: "Abrir su panel",
  },
} satisfies TranslationOf<typeof en>;
