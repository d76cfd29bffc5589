import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/training";

// Capacitación de cuidadores (/caregiver/training, /admin/training): los módulos,
// el cuestionario y su resultado, el requisito para aceptar ofertas y visitas de
// respaldo, la insignia del perfil público y los recordatorios (notify.*).
export default {
  meta: {
    listTitle: "Capacitación | Tendly",
    moduleTitle: "{{title}} | Capacitación | Tendly",
    moduleTitleFallback: "Módulo de capacitación | Tendly",
    adminTitle: "Capacitación | Administración de Tendly",
    adminModuleTitle: "{{title}} | Capacitación | Administración de Tendly",
    adminNewTitle: "Nuevo módulo de capacitación | Administración de Tendly",
    adminPassesTitle: "Quién aprobó {{title}} | Administración de Tendly",
  },
  list: {
    heading: "Capacitación",
    intro:
      "Cada módulo tiene una lectura corta, un video cuando lo hay y un cuestionario. Apruebe los módulos obligatorios para aceptar ofertas y visitas de respaldo; la capacitación aprobada aparece como certificada en su perfil público.",
    allPassed: "Aprobó todos los módulos obligatorios. Su perfil público muestra su capacitación certificada.",
    blockingIntro: "Apruebe estos módulos obligatorios para aceptar ofertas y visitas de respaldo:",
    upcomingIntro: "Obligatorios antes de una fecha: apruébelos antes para seguir recibiendo ofertas.",
    requiredBy: "Obligatorio antes del {{date}}",
    required: "Obligatorio",
    optional: "Opcional",
    passedOn: "Aprobado el {{date}}",
    notPassed: "Todavía sin aprobar",
    bestScore: "Mejor resultado: {{score}} %",
    questions: "{{count}} preguntas, se aprueba con {{passMark}} %",
    open: "Abrir {{title}}",
    empty: "Todavía no hay módulos de capacitación. El equipo de Tendly los agrega aquí.",
    modulesHeading: "Módulos",
  },
  module: {
    back: "Toda la capacitación",
    readingHeading: "Lectura",
    videoHeading: "Video",
    noVideo: "Este módulo todavía no tiene video; la lectura cubre todo lo que hay en el cuestionario.",
    videoUnsupported: "Su navegador no puede reproducir este video.",
    quizHeading: "Cuestionario",
    quizIntro:
      "{{count}} preguntas. Aprueba con {{passMark}} % o más, y puede intentarlo de nuevo las veces que necesite.",
    question: "Pregunta {{number}}",
    submit: "Revisar mis respuestas",
    submitting: "Revisando…",
    passedHeading: "Aprobó",
    passed: "Aprobó con {{score}} %. Aprobado el {{date}}.",
    failedHeading: "Todavía no aprueba",
    failed:
      "Obtuvo {{score}} %; se aprueba con {{passMark}} %. Vuelva a leer las preguntas marcadas abajo e inténtelo otra vez.",
    wrongAnswer: "Esta respuesta no era correcta.",
    wrongList: "Preguntas para revisar: {{numbers}}",
    retake: "Hacer el cuestionario otra vez",
    alreadyPassed: "Aprobó este módulo el {{date}}. Puede volver a hacer el cuestionario para practicar.",
  },
  gate: {
    blocking: "Apruebe la capacitación obligatoria antes de aceptar esto:",
    upcoming:
      "Capacitación obligatoria antes del {{date}}; después de esa fecha no recibirá ofertas nuevas hasta aprobarla:",
    link: "Ir a la capacitación",
  },
  refusals: {
    required:
      "Debe aprobar la capacitación obligatoria para cuidadores de Tendly antes de aceptar trabajo nuevo. Abra Capacitación (/caregiver/training) para ver los módulos que le faltan.",
    moduleNotFound: "Este módulo de capacitación no existe.",
    quizChanged:
      "El cuestionario cambió desde que lo abrió. Vuelva a cargar la página y responda las preguntas que aparecen.",
  },
  errors: {
    answerEach: "Elija una respuesta para esta pregunta.",
    required: "Complete este campo.",
    tooLong: "Es demasiado largo.",
    passMark: "Indique una nota para aprobar entre 50 y 100.",
    date: "Indique una fecha como año-mes-día.",
    url: "Indique una ruta de este sitio que empiece con /, como /training/safe-transfers.webm.",
    questionsFormat:
      "Escriba cada pregunta como un bloque: la pregunta en la primera línea y luego una opción por línea, la correcta con * al principio y las demás con -. Deje una línea en blanco entre preguntas.",
    questionsMismatch:
      "Las preguntas en inglés y en español deben coincidir: el mismo número de preguntas y opciones, y la misma respuesta correcta.",
    captionsNeeded: "Un video necesita subtítulos: indique al menos un archivo de subtítulos.",
    dateNeedsRequired: "Marque Obligatorio para indicar una fecha.",
    dateInPast: "Elija una fecha posterior a hoy.",
  },
  badge: {
    title: "Capacitación certificada",
    text: "Aprobó la capacitación para cuidadores de Tendly el {{date}}.",
  },
  admin: {
    heading: "Capacitación",
    intro:
      "Los módulos que hacen los cuidadores, cuántos aprobaron cada uno y cuáles son obligatorios. Al exigir un módulo antes de una fecha, se avisa a cada cuidador que no lo aprobó; después de la fecha no recibe ofertas nuevas hasta aprobarlo.",
    newModule: "Nuevo módulo",
    passedCountOf_one: "Aprobó {{count}} cuidador",
    passedCountOf_other: "Aprobaron {{count}} cuidadores",
    status: "Obligatorio",
    requiredNow: "Obligatorio ya",
    requiredByDate: "Obligatorio antes del {{date}}",
    notRequired: "Opcional",
    edit: "Editar",
    whoPassed: "Quién aprobó",
    requireHeading: "Exigir a todos antes de una fecha",
    requireModule: "Módulo",
    requireDate: "Obligatorio antes del",
    requireSubmit: "Exigir y avisar",
    required: "{{title}} es obligatorio antes del {{date}}; se avisó a {{count}} cuidadores que no lo han aprobado.",
    saved: "Módulo guardado.",
    created: "Módulo creado.",
    backToList: "Todos los módulos",
    empty: "Todavía no hay módulos. Cree el primero.",
    manageTraining: "Módulos de capacitación: quién aprobó y qué es obligatorio",
    form: {
      newHeading: "Nuevo módulo de capacitación",
      editHeading: "Editar {{title}}",
      english: "Inglés",
      spanish: "Español",
      title: "Título",
      summary: "Resumen",
      reading: "Lectura",
      readingHint: "Separe los párrafos con una línea en blanco.",
      questions: "Preguntas",
      questionsHint:
        "Un bloque por pregunta: la pregunta y luego una opción por línea; la correcta empieza con *, las demás con -. Una línea en blanco entre preguntas. Los dos idiomas en el mismo orden.",
      passMark: "Nota para aprobar (%)",
      isRequired: "Obligatorio para todos los cuidadores",
      requiredBy: "Obligatorio antes del (opcional)",
      requiredByHint:
        "Sin fecha, un módulo obligatorio detiene de inmediato las ofertas nuevas para quien no lo haya aprobado.",
      videoUrl: "Dirección del video (opcional)",
      videoHint: "Un archivo WebM o MP4 de este sitio, como /training/safe-transfers.webm.",
      captionsEn: "Subtítulos en inglés, WebVTT (opcional)",
      captionsEs: "Subtítulos en español, WebVTT (opcional)",
      save: "Guardar módulo",
      saving: "Guardando…",
    },
    passes: {
      heading: "Quién aprobó {{title}}",
      intro: "El primer intento aprobado de cada cuidador, con su resultado.",
      caregiver: "Cuidador",
      passedOn: "Aprobado el",
      score: "Resultado",
      attempts: "Intentos",
      empty: "Ningún cuidador ha aprobado este módulo todavía.",
    },
  },
  notify: {
    required: {
      title: "Nueva capacitación obligatoria",
      message: "Apruebe \u201c{{title}}\u201d antes del {{date}} para seguir recibiendo ofertas nuevas.",
      action: "Abrir capacitación",
    },
    requiredNow: {
      title: "Nueva capacitación obligatoria",
      message: "Apruebe \u201c{{title}}\u201d para seguir aceptando ofertas nuevas.",
      action: "Abrir capacitación",
    },
    dueSoon: {
      title: "Capacitación por vencer",
      message:
        "Debe aprobar \u201c{{title}}\u201d antes del {{date}}. Después no recibirá ofertas nuevas hasta aprobarla.",
      action: "Abrir capacitación",
    },
  },
} satisfies TranslationOf<typeof en>;
