import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/delivery";

// How notifications reach a person: preferences per type and channel, quiet hours, web push, unsubscribing.
export default {
  settings: {
    intro: "La seguridad de su cuenta y cómo Tendly se comunica con usted.",
    tabsLabel: "Secciones de la configuración",
    tabs: { security: "Seguridad", notifications: "Notificaciones" },
  },
  types: {
    order: "Pedidos",
    payment: "Pagos",
    caregiver: "Cuidadores",
    schedule: "Agenda",
    message: "Mensajes",
    system: "Sistema",
  },
  typeHints: {
    order: "Solicitudes, ofertas, confirmaciones y cancelaciones",
    payment: "Facturas, pagos pendientes y recibos",
    caregiver: "Un cuidador asignado o cambiado",
    schedule: "Visitas, notas de visita, visitas con retraso o perdidas",
    message: "Mensajes nuevos",
    system: "Avisos sobre su cuenta y Tendly",
  },
  typeNames: {
    order: "pedidos",
    payment: "pagos",
    caregiver: "sus cuidadores",
    schedule: "su agenda y sus visitas",
    message: "mensajes",
    system: "su cuenta y Tendly",
  },
  channels: { inApp: "En la aplicación", email: "Correo electrónico", push: "Notificación push" },
  preferences: {
    heading: "Cómo le avisamos",
    description:
      "Para cada tipo de notificación, elija por dónde le llega. Las notificaciones push van a los dispositivos donde las activó más abajo.",
    typeColumn: "Notificación",
    checkbox: "{{type}} por {{channel}}",
    save: "Guardar preferencias",
    saving: "Guardando...",
    saved: "Guardado. Sus preferencias de notificación están actualizadas.",
    failed: "No pudimos guardar sus preferencias. Inténtelo de nuevo.",
    securityNote:
      "Los correos sobre la seguridad de su cuenta, como el restablecimiento de contraseña y la confirmación del correo, siempre llegan.",
  },
  quietHours: {
    heading: "Horas de silencio",
    description:
      "Sin correos ni notificaciones push entre estas horas: llegan cuando terminan las horas de silencio. Los avisos urgentes, como un cuidador que llega tarde, llegan enseguida.",
    mode: "Horas de silencio",
    off: "Desactivadas",
    on: "Activadas",
    start: "Desde",
    end: "Hasta",
    timeZone: "En su hora local: {{timeZone}}",
    save: "Guardar horas de silencio",
    saving: "Guardando...",
    saved: "Guardado. Sus horas de silencio están actualizadas.",
    savedOff: "Guardado. Las horas de silencio están desactivadas.",
    failed: "No pudimos guardar sus horas de silencio. Inténtelo de nuevo.",
  },
  push: {
    heading: "Notificaciones push en este dispositivo",
    description:
      "Reciba notificaciones en este teléfono o computadora aunque Tendly esté cerrado. Actívelas en cada dispositivo que use.",
    status: "Estado en este dispositivo:",
    states: {
      checking: "Comprobando...",
      on: "Activadas",
      off: "Desactivadas",
      blocked: "Bloqueadas por el navegador",
      unsupported: "No compatibles",
      unavailable: "No configuradas en este servidor",
    },
    hints: {
      blocked:
        "Este navegador bloquea las notificaciones de Tendly. Permítalas en la configuración del sitio del navegador y vuelva a intentarlo.",
      unsupported:
        "Este navegador no puede recibir notificaciones push. En un iPhone o iPad, agregue primero Tendly a la pantalla de inicio.",
      unavailable: "Las notificaciones push no están disponibles en este servidor de Tendly.",
    },
    turnOn: "Activar las notificaciones push en este dispositivo",
    turningOn: "Activando...",
    turnOff: "Desactivar en este dispositivo",
    turningOff: "Desactivando...",
    turnedOn: "Las notificaciones push están activadas en este dispositivo.",
    turnedOff: "Las notificaciones push están desactivadas en este dispositivo.",
    failed: "No pudimos cambiar las notificaciones push. Inténtelo de nuevo.",
    devices_one: "Las notificaciones push están activadas en {{count}} de sus dispositivos.",
    devices_other: "Las notificaciones push están activadas en {{count}} de sus dispositivos.",
  },
  errors: {
    time: "Escriba una hora, por ejemplo 22:00.",
    sameTimes: "La hora final debe ser distinta de la inicial.",
    timeZone: "No reconocemos esta zona horaria. Vuelva a cargar la página e inténtelo de nuevo.",
    pushEndpoint: "El servicio push de este navegador no es compatible.",
    pushKeys: "El navegador envió una suscripción incompleta. Inténtelo de nuevo.",
    unknownAction: "No reconocemos este cambio.",
  },
  unsubscribe: {
    metaTitle: "Cancelar la suscripción a los correos | Tendly",
    title: "Cancelar la suscripción a los correos",
    questionType: "¿Dejar de enviar correos sobre {{type}} a {{email}}?",
    questionAll: "¿Dejar de enviar todos los correos de notificación a {{email}}?",
    keep: "Seguirá viendo estas notificaciones en la aplicación. Los correos sobre la seguridad de su cuenta, como el restablecimiento de contraseña, siempre llegan.",
    button: "Cancelar la suscripción",
    done: "Ya no recibirá estos correos.",
    settings: "Cambiar su configuración de notificaciones",
    invalid:
      "Este enlace para cancelar la suscripción no es válido. Copie el enlace completo del correo, o inicie sesión y cambie su configuración de notificaciones.",
  },
  email: {
    open: "Abrir Tendly",
    unsubscribeIntro: "Le enviamos este correo según su configuración de notificaciones.",
    unsubscribe: "Cancelar la suscripción",
  },
} satisfies TranslationOf<typeof en>;
