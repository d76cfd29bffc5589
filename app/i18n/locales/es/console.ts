import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/console";

// El inicio del administrador (/admin) y las estadísticas (/admin/analytics): lo que necesita atención
// ahora, esta semana frente a la anterior, y los gráficos con sus tablas y sus archivos CSV.
export default {
  meta: {
    homeTitle: "Inicio de mi cuenta | Administración de Tendly",
    homeDescription: "Lo que necesita atención ahora, y esta semana frente a la anterior.",
    analyticsTitle: "Estadísticas | Administración de Tendly",
    analyticsDescription:
      "Reservas, horas, ingresos, asignación, cuidadores y visitas por semana o por mes y por zona metropolitana.",
  },
  home: {
    heading: "Inicio de mi cuenta",
    intro: "Lo que necesita a alguien ahora, y cómo va esta semana frente a la anterior.",
    attentionHeading: "Necesita atención ahora",
    attentionIntro: "Cada número abre su lista, con las mismas filas.",
    live: "Estos números se actualizan solos cuando algo cambia.",
    offline: "Las actualizaciones en vivo están en pausa; los números son los de cuando se cargó la página.",
    allClear: "No hay nada pendiente.",
    cut: "{{count}}+",
    open: "Abrir la lista",
    items: {
      applications: "Solicitudes de cuidadores por revisar",
      offers: "Ofertas sin respuesta de los cuidadores",
      visits: "Visitas con retraso, perdidas o sin cuidador",
      evv: "Excepciones de verificación de visitas (EVV)",
      conversations: "Conversaciones de soporte que esperan respuesta",
      tickets: "Mensajes de contacto sin responder",
      payments: "Pagos con tarjeta fallidos",
      payouts: "Cuidadores con pagos por enviar",
      credentials: "Credenciales vencidas o que vencen en 30 días",
    },
    analyticsLink: "Ver todas las cifras en Estadísticas",
  },
  week: {
    heading: "Esta semana hasta ahora",
    intro:
      "Desde el lunes {{monday}}, frente a la semana pasada desde el lunes {{lastMonday}} hasta el mismo día y hora.",
    metrics: {
      bookings: "Reservas",
      hours: "Horas de cuidado",
      revenue: "Ingresos facturados",
    },
    lastWeek: "La semana pasada a esta hora: {{value}}",
    up: "{{difference}} más ({{percent}} %) que la semana pasada",
    upFromNone: "{{difference}} más que la semana pasada, que no tuvo ninguna",
    down: "{{difference}} menos ({{percent}} %) que la semana pasada",
    same: "Igual que la semana pasada",
  },
  analytics: {
    heading: "Estadísticas",
    intro:
      "Reservas, horas, ingresos, asignación, cuidadores y visitas, por semana o por mes y por zona metropolitana. Cada gráfico tiene su tabla y un archivo CSV con las mismas filas.",
    filtersHeading: "Qué mostrar",
    period: "Agrupar por",
    periods: { week: "Semana", month: "Mes" },
    metro: "Zona metropolitana",
    anyMetro: "Todas las zonas",
    from: "Desde",
    to: "Hasta",
    show: "Mostrar",
    showing: "Mostrando…",
    zone: "Las semanas empiezan el lunes; los días se cuentan en {{zone}}.",
    errors: {
      date: "Escriba las fechas como AAAA-MM-DD.",
      order: "La fecha final debe ser igual o posterior a la inicial.",
      tooLong: "Elija un período de dos años o menos.",
    },
    table: "Tabla de {{title}}",
    showTable: "Mostrar la tabla",
    hideTable: "Ocultar la tabla",
    csv: "Descargar CSV: {{title}}",
    loadingChart: "Cargando el gráfico…",
    noData: "Todavía no hay datos en este período.",
    columns: { period: "Período que empieza" },
    metrics: {
      bookings: {
        title: "Reservas",
        description: "Pedidos enviados en cada período, también los cancelados.",
        value: "Pedidos",
      },
      hours: {
        title: "Horas de cuidado",
        description: "Horas trabajadas, de la llegada a la salida, de las visitas terminadas en cada período.",
        value: "Horas",
      },
      revenue: {
        title: "Ingresos",
        description: "El total de las facturas emitidas en cada período, en dólares; sin las facturas anuladas.",
        value: "Ingresos (USD)",
      },
      fillRate: {
        title: "Pedidos con cuidador",
        description: "De los pedidos enviados en cada período, la parte que obtuvo un cuidador confirmado.",
        value: "Con cuidador (%)",
        numerator: "Pedidos confirmados",
        denominator: "Pedidos enviados",
      },
      timeToMatch: {
        title: "Tiempo hasta asignar un cuidador",
        description:
          "La mediana de horas desde que se envía un pedido hasta que tiene un cuidador confirmado, según el período en que se envió.",
        value: "Mediana de horas",
        denominator: "Pedidos confirmados",
      },
      utilisation: {
        title: "Ocupación de los cuidadores",
        description:
          "Horas trabajadas por los cuidadores aprobados frente a las horas que ofrece su disponibilidad semanal en cada período.",
        value: "Ocupación (%)",
        numerator: "Horas trabajadas",
        denominator: "Horas disponibles",
      },
      retention: {
        title: "Permanencia de los cuidadores",
        description:
          "De los cuidadores que trabajaron en un período, la parte que trabajó también en el siguiente. En blanco hasta que termina el siguiente período.",
        value: "Permanencia (%)",
        numerator: "Trabajaron en el siguiente período",
        denominator: "Cuidadores que trabajaron",
      },
      lateRate: {
        title: "Visitas con retraso",
        description:
          "De las visitas de cada período (sin las canceladas), la parte en que el cuidador no había registrado la llegada a la hora del aviso de retraso.",
        value: "Con retraso (%)",
        numerator: "Visitas con retraso",
        denominator: "Visitas previstas",
      },
      missedRate: {
        title: "Visitas perdidas",
        description:
          "De las visitas de cada período (sin las canceladas), la parte en que nadie registró la llegada antes del final.",
        value: "Perdidas (%)",
        numerator: "Visitas perdidas",
        denominator: "Visitas previstas",
      },
    },
  },
  support: {
    waitingOnly: "Solo se muestran las conversaciones que esperan respuesta.",
    showAll: "Mostrar todas las conversaciones",
  },
} satisfies TranslationOf<typeof en>;
