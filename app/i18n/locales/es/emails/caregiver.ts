import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/caregiver";

export default {
  reason: "Motivo: {{reason}}",
  openDashboard: "Abrir su panel",
  received: {
    subject: "Recibimos su solicitud para ser cuidador en Tendly",
    preheader: "Su solicitud está pendiente de revisión.",
    heading: "Su solicitud está pendiente de revisión",
    thanks: "Gracias, {{firstName}}. Recibimos su solicitud para cuidar con Tendly.",
    next: "Ahora hacemos su verificación de antecedentes (suele tardar de 5 a 7 días hábiles), verificamos sus credenciales y es posible que le invitemos a una breve entrevista.",
    decision: "Le escribiremos en cuanto tomemos una decisión.",
  },
  approved: {
    subject: "Le damos la bienvenida a Tendly: su solicitud fue aprobada",
    preheader: "Ya puede iniciar sesión en su panel de cuidador.",
    heading: "¡Su solicitud fue aprobada!",
    congratulations: "Felicidades, {{firstName}}. Su solicitud para ser cuidador fue aprobada.",
    next: "Inicie sesión en su panel para completar sus módulos de capacitación y empezar a aceptar trabajos.",
  },
  rejected: {
    subject: "Su solicitud para ser cuidador en Tendly",
    preheader: "Novedades sobre su solicitud.",
    heading: "Novedades sobre su solicitud",
    body: "Gracias por postularse en Tendly, {{firstName}}. No podemos aprobar su solicitud.",
    questions:
      "Si tiene preguntas o cree que hay un error, responda a este correo o comuníquese con nuestro equipo de soporte.",
  },
  suspended: {
    subject: "Su cuenta de cuidador en Tendly está suspendida",
    preheader: "No puede aceptar trabajos mientras su cuenta esté suspendida.",
    heading: "Su cuenta está suspendida",
    body: "{{firstName}}, su cuenta de cuidador en Tendly fue suspendida.",
    next: "Comuníquese con nuestro equipo de soporte para hablar de los próximos pasos.",
  },
  reinstated: {
    subject: "Su cuenta de cuidador en Tendly está activa de nuevo",
    preheader: "Ya puede aceptar trabajos otra vez.",
    heading: "Su cuenta está activa de nuevo",
    body: "Qué bueno tenerle de vuelta, {{firstName}}. Su cuenta de cuidador se reactivó.",
  },
  preAdverse: {
    subject: "Aviso previo a una acción adversa sobre su solicitud en Tendly",
    preheader: "La información de su verificación de antecedentes puede afectar su solicitud.",
    heading: "Aviso previo a una acción adversa",
    body: "{{firstName}}, la información del informe de su verificación de antecedentes podría llevarnos a rechazar su solicitud para ser cuidador.",
    rights:
      "Antes de tomar una decisión final, usted puede revisar el informe y decirnos si algo en él es incorrecto o está incompleto. Tiene derecho a una copia gratuita de su informe de la agencia de informes de consumidor y a disputar con ella su exactitud.",
    wait: "No tomaremos una decisión final antes de {{waitDays}} días. Responda a este correo para darnos su respuesta.",
  },
  finalAdverse: {
    subject: "Aviso de acción adversa sobre su solicitud en Tendly",
    preheader: "Nuestra decisión final sobre su solicitud.",
    heading: "Aviso de acción adversa",
    body: "{{firstName}}, tras el período de espera decidimos no aprobar su solicitud para ser cuidador, en todo o en parte por el informe de su verificación de antecedentes.",
    rights:
      "La agencia de informes de consumidor no tomó esta decisión y no puede explicar por qué se tomó. Tiene derecho a una copia gratuita de su informe dentro de los 60 días y a disputar la exactitud o la integridad de cualquier información que contenga.",
  },
} satisfies TranslationOf<typeof en>;
