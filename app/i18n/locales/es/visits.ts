import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/visits";

// Visitas del lado del cuidador: registro de llegada y salida (también sin conexión), la agenda y el calendario.
// "Registrar la llegada / la salida" para check-in / check-out: palabras que cualquiera entiende en el teléfono.
export default {
  schedule: {
    metaTitle: "Agenda | Tendly",
    heading: "Agenda",
    intro: "Sus visitas, a la hora del lugar donde se da el cuidado.",
    views: "Vista",
    agenda: "Lista",
    week: "Semana",
    previousWeek: "Semana anterior",
    nextWeek: "Semana siguiente",
    thisWeek: "Esta semana",
    weekOf: "Semana del {{date}}",
    today: "Hoy",
    nothingThisWeek: "No hay visitas esta semana.",
    nothingComing:
      "No tiene visitas en las próximas dos semanas. Los trabajos nuevos aparecen en Pedidos cuando una familia se los ofrece.",
    seeOrders: "Ver sus pedidos",
    checkInFromAgenda: "Registrar llegada o salida en la lista",
    noVisitsThisDay: "Sin visitas",
    began: "Comenzó el {{date}}",
    order: "Pedido {{orderNumber}}",
    openOrder: "Abrir el pedido",
    backup: "Visita de respaldo",
  },
  orderVisits: {
    heading: "Visitas",
    fullSchedule: "Ver toda su agenda",
  },
  visit: {
    timeRange: "{{start}} – {{end}}",
    for: "Para {{name}}",
    area: "Cerca de {{area}}",
    status: {
      scheduled: "Programada",
      checked_in: "Llegada registrada",
      completed: "Completada",
      missed: "No realizada",
      cancelled: "Cancelada",
    },
    checkedInAt: "Llegada registrada a las {{time}}",
    checkedOutAt: "Salida registrada a las {{time}}",
    youCancelled:
      "Nos avisó que no puede ir a esta visita. Estamos preguntando a cuidadores de respaldo; hasta que uno acepte, la visita sigue siendo suya.",
    writeNote: "Escribir la nota de la visita",
    editNote: "Ver o corregir la nota de la visita",
  },
  late: {
    badge: "Con retraso",
    heading: "Con retraso: no ha registrado su llegada",
    started:
      "Esta visita empezó a las {{time}}. Cuando una visita va con retraso, se avisa a la familia y al equipo de Tendly.",
    checkInNow: "Si ya está allí, registre su llegada ahora con el botón de abajo.",
    cannotCome:
      "Si no puede ir, presione de inmediato “¿No puede ir?” en su agenda, para que se pida a un cuidador de respaldo.",
    openSchedule: "Abrir su agenda",
    messageFamily: "Escribir a la familia",
    messageSupport: "Escribir al soporte de Tendly",
  },
  check: {
    checkIn: "Registrar llegada",
    checkOut: "Registrar salida",
    opensAt: "El registro de llegada se abre {{when}}",
    locationPromise:
      "Su ubicación se toma una sola vez, al pulsar el botón, para confirmar la visita. No se sigue en ningún otro momento.",
    locating: "Buscando su ubicación…",
    sending: "Enviando…",
    fallbackHeading: "No se pudo compartir su ubicación",
    fallbackIntro:
      "Pida a la familia el código de 6 dígitos que aparece en su pantalla de Tendly, o explique por qué no se pudo compartir la ubicación.",
    useCode: "Código de la familia",
    useReason: "Un motivo",
    method: "Cómo confirmar la visita",
    codeLabel: "El código de 6 dígitos de la familia",
    reasonLabel: "Por qué no se pudo compartir la ubicación",
    reasonHint: "Por ejemplo: la ubicación está desactivada en este teléfono.",
    confirmCheckIn: "Confirmar la llegada",
    confirmCheckOut: "Confirmar la salida",
    cancel: "Cancelar",
    recordedIn: "Llegada registrada a las {{time}}.",
    recordedOut: "Salida registrada a las {{time}}.",
    savedOffline:
      "Sin conexión: guardado en este teléfono a las {{time}}. Se enviará solo cuando vuelva a tener conexión; puede cerrar la aplicación.",
    waiting: "Pendiente de envío (guardado a las {{time}})",
    lateSync: "Esto nos llegó tarde; se conserva la hora en que pulsó el botón.",
    shortHeading: "Esta visita termina antes de tiempo",
    shortBeforeStart:
      "Esta visita está reservada de {{start}} a {{end}} y todavía no ha empezado. Para registrar la salida ahora, explique por qué.",
    shortIntro:
      "Esta visita está reservada de {{start}} a {{end}}; si registra la salida ahora, termina después de {{worked}} min. Para registrar la salida ahora, explique por qué.",
    shortCharge:
      "A la familia se le cobra y a usted se le paga el tiempo trabajado, con un mínimo de {{minimum}} min. Un administrador lee su motivo.",
    shortReasonLabel: "Por qué la visita termina antes de tiempo",
    shortReasonHint: "Por ejemplo: la familia me pidió que me fuera antes.",
    shortContinue: "Registrar la salida con este motivo",
  },
  kept: {
    noConnection: "Sin conexión.",
    updatedToday: "Última actualización: hoy, {{time}}.",
    updatedOn: "Última actualización: {{date}}, {{time}}.",
  },
  outbox: {
    sent_one: "Se envió un registro de llegada o salida guardado en este teléfono.",
    sent_other: "Se enviaron {{count}} registros de llegada o salida guardados en este teléfono.",
  },
  onMyWay: {
    button: "Voy en camino",
    update: "Cambiar mi hora de llegada",
    heading: "¿Cuándo llegará?",
    intro: "La familia sabrá que va en camino y a qué hora llegará más o menos. No se comparte su ubicación.",
    estimate: "Cuándo llegará más o menos",
    inMinutes: "En {{minutes}} minutos",
    atTime: "A una hora que escribo",
    timeLabel: "Hora de llegada ({{zone}})",
    timeHint: "Hoy, a más tardar dentro de {{hours}} horas.",
    send: "Avisar a la familia",
    sending: "Enviando…",
    cancel: "Cancelar",
    sent: "La familia sabe que va en camino. Llegada aproximada: {{time}}.",
    told: "Avisó a la familia. Llegada aproximada: {{time}}.",
    offline: "No tiene conexión: no se avisó a la familia. Inténtelo de nuevo cuando tenga señal.",
    timeNeeded: "Escriba la hora a la que espera llegar.",
    refusal: {
      "not-now": "«Voy en camino» se abre 3 horas antes de la visita y se cierra cuando termina.",
      "checked-in": "Ya registró su llegada a esta visita.",
      past: "Esa hora ya pasó: escriba una más tarde.",
      "too-late":
        "Eso es más de 3 horas a partir de ahora: escriba una hora más temprana o avise a la familia por mensaje.",
    },
  },
  refusal: {
    generic: "No se pudo guardar este registro de llegada o salida. Inténtelo de nuevo.",
    invalid: "No se pudo leer este registro de llegada o salida. Inténtelo de nuevo.",
    notFound: "No encontramos esta visita.",
    tooEarly: "Todavía es pronto para registrar la llegada a esta visita.",
    alreadyCheckedIn: "La llegada a esta visita ya está registrada.",
    notCheckedIn: "Registre su llegada antes de registrar la salida.",
    closed: "Ya no se puede registrar la llegada ni la salida de esta visita.",
    ended: "Esta visita ya terminó.",
    syncTooLate:
      "Este registro de llegada o salida nos llegó demasiado tarde para aceptarlo. Avise a la familia y al equipo de soporte.",
    wrongCode: "Ese código no coincide con el que aparece en la pantalla de la familia.",
    codeClosed:
      "Se escribieron demasiados códigos incorrectos, así que el código de la familia no se puede usar ahora. Comparta su ubicación o explique el motivo.",
    reasonNeeded: "Explique por qué no se pudo compartir la ubicación.",
    future: "La hora de este registro de llegada o salida está en el futuro.",
    reassigned:
      "Esta visita se asignó a otro cuidador antes de que nos llegara su registro. Llame al equipo de soporte.",
    outBeforeIn: "La salida debe registrarse después de la llegada.",
    codeFormat: "Escriba el código de 6 dígitos.",
    notYours: "Esta visita no es suya.",
    eventIdInvalid: "Este registro de llegada o salida no tiene un identificador válido.",
    eventIdReused: "El identificador de este registro de llegada o salida ya se usó para otra cosa.",
    demoTooLate: "Falta muy poco para la medianoche donde se da el cuidado: inténtelo mañana por la mañana.",
    demoClash: "El cuidador ya tiene una visita a esa hora: inténtelo más tarde.",
    shortReasonNeeded: "Esta visita es mucho más corta de lo reservado: explique por qué registra la salida ahora.",
    shortBeforeStart: "Esta visita todavía no ha empezado: explique por qué registra la salida antes del inicio.",
  },
} satisfies TranslationOf<typeof en>;
