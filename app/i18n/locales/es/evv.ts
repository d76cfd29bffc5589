import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/evv";

// Verificación electrónica de visitas para administradores: la cola de excepciones y la exportación CSV.
// También el calendario privado del cuidador (las palabras del calendario y el panel de /caregiver/schedule).
export default {
  meta: {
    title: "Verificación de visitas | Administración de Tendly",
    description: "Visitas que hay que revisar, horas corregidas y la exportación EVV.",
  },
  heading: "Verificación de visitas",
  intro:
    "Cada visita guarda sus seis datos: servicio, cliente, cuidador, fecha, lugar y horario (hora de inicio y de fin). Las visitas de abajo necesitan revisión.",
  attention: {
    heading: "Visitas con retraso, no realizadas o sin cubrir",
    intro:
      "Visitas sin registro de llegada a tiempo, visitas que ningún cuidador de respaldo pudo tomar y visitas no realizadas en los últimos {{days}} días. Esta lista se actualiza sola.",
    none: "Ahora no hay visitas con retraso, sin cubrir ni no realizadas.",
    count_one: "{{count}} visita necesita su atención.",
    count_other: "{{count}} visitas necesitan su atención.",
    cut: "Solo se muestran las primeras {{count}}: atienda estas y después aparecerán las demás.",
    minutesLate: "{{minutes}} minutos desde el inicio",
    callCaregiver: "Llamar al cuidador, {{name}}: {{phone}}",
    callFamily: "Llamar a la familia, {{name}}: {{phone}}",
    caregiverNoPhone: "El cuidador, {{name}}, no tiene teléfono registrado",
    familyNoPhone: "La familia, {{name}}, no tiene teléfono registrado",
    openOrder: "Abrir el pedido {{orderNumber}}",
    todo: {
      late: "Llame al cuidador ahora. Si no puede ir, llame a la familia. Se pide a cuidadores de respaldo {{minutes}} minutos después del inicio.",
      lookingForBackup:
        "Ya se pidió a cuidadores de respaldo; el primero que acepte se queda con la visita y se le avisa a la familia.",
      noBackup:
        "Nadie estaba libre para cubrirla, y se le dijo a la familia que nuestro equipo está buscando a alguien. Busque un cuidador directamente desde el pedido o llame a la familia para cambiar la visita.",
      missed:
        "Nadie registró su llegada. Llame a la familia para disculparse y ofrecer otro horario, y pregunte al cuidador qué pasó.",
    },
  },
  queue: {
    heading: "Excepciones",
    kindLabel: "Tipo de excepción",
    allKinds: "Todas las excepciones",
    show: "Mostrar",
    clear: "Mostrar todas",
    count_one: "{{count}} visita necesita revisión.",
    count_other: "{{count}} visitas necesitan revisión.",
    none: "Ninguna visita necesita revisión. Todas se registraron cerca de su dirección y a tiempo.",
    noneOfKind: "No hay visitas con esta excepción.",
    pagesLabel: "Páginas de excepciones",
    tolerance:
      "Un lugar cuenta como lejano a más de {{meters}} m de la dirección (si la dirección aún no está ubicada en el mapa, fuera del tamaño de su código postal); una sincronización, como tardía después de {{minutes}} minutos.",
  },
  kinds: {
    no_check_out: "Sin salida",
    short_visit: "Visita corta",
    far_location: "Lejos de la dirección",
    location_unverified: "Lugar sin verificar",
    times_edited: "Horas corregidas",
    late_sync: "Sincronización tardía",
  },
  row: {
    order: "Pedido",
    exceptions: "Excepciones de esta visita",
    client: "Cliente",
    caregiver: "Cuidador",
    service: "Servicio",
    checkIn: "Llegada",
    checkOut: "Salida",
    status: "Estado",
    none: "Ninguna",
    farthest: "A {{meters}} m ({{miles}} mi) de la dirección",
    farthestFromZip:
      "A {{meters}} m ({{miles}} mi) del centro del código postal, más allá de sus {{radius}} km: la dirección aún no está ubicada en el mapa",
    unverified:
      "Lugar sin verificar: la dirección aún no está ubicada en el mapa; a {{meters}} m del centro del código postal, dentro de sus {{radius}} km",
    minutesLate: "Sincronizada {{minutes}} min después de ocurrir",
    ended: "La visita terminó {{time}} y sigue con llegada sin salida",
    reason: "Motivo: {{reason}}",
    short: "Trabajó {{worked}} min de {{booked}} reservados. Motivo del cuidador: {{reason}}",
  },
  edit: {
    open: "Corregir horas",
    heading: "Corregir las horas de {{orderNumber}}",
    checkIn: "Llegada",
    checkOut: "Salida",
    checkOutHint: "Déjela vacía mientras la visita no tenga salida.",
    zoneHint: "En la hora del lugar donde se da el cuidado ({{zone}}).",
    reason: "Motivo",
    reasonHint: "Se guarda en el historial de la visita, con las horas de antes y de después.",
    save: "Guardar horas",
    saving: "Guardando…",
    saved: "Horas corregidas para {{orderNumber}}.",
  },
  export: {
    heading: "Exportar visitas",
    intro:
      "Un archivo CSV con cada visita cuya fecha cae en el periodo, en la zona horaria de cada visita: servicios, cliente, cuidador, fecha, lugar y método, llegada y salida, estado y excepciones.",
    from: "Desde",
    to: "Hasta",
    hint: "Como máximo 366 días.",
    download: "Descargar CSV",
  },
  messages: {
    editReason: "Diga por qué se corrigen las horas.",
    editOrder: "La salida debe ser posterior a la llegada.",
    editFuture: "Las horas corregidas no pueden estar en el futuro.",
    editTooLong: "Una visita no puede durar más de 24 horas.",
    editCheckIn: "Escriba la hora de llegada.",
    editKeepCheckOut: "Escriba la hora de salida: esta visita ya tiene salida.",
    editCancelled: "Esta visita se canceló: sus horas no se pueden corregir.",
    rangeOrder: "La fecha final debe ser igual o posterior a la inicial.",
    rangeTooLong: "Exporte como máximo 366 días a la vez.",
    date: "Escriba una fecha.",
    feedNotFound: "No encontramos el calendario.",
  },
  calendar: {
    name: "Visitas de Tendly",
    summary: "{{services}} · {{name}}",
    description: "Pedido {{orderNumber}}. Detalles y registro de llegada: {{link}}",
    panel: {
      heading: "Sus visitas en el calendario de su teléfono",
      intro:
        "Suscríbase a este enlace privado y sus visitas de Tendly aparecerán en el calendario de su teléfono, actualizadas solas.",
      urlLabel: "Su enlace privado de calendario",
      copy: "Copiar enlace",
      copied: "Enlace copiado.",
      howTo: "Cómo suscribirse",
      iphone:
        "iPhone: Configuración, Calendario, Cuentas, Agregar cuenta, Otra, Agregar calendario suscrito y pegue el enlace.",
      android:
        "Android: abra Google Calendar en una computadora, Otros calendarios, Desde URL y pegue el enlace; luego aparece en su teléfono.",
      privacy:
        "El calendario muestra el servicio, el nombre de pila de la persona que usted cuida y la zona, nunca la dirección ni datos de salud: eso queda detrás de su inicio de sesión. Cualquiera con el enlace puede ver sus visitas, así que no lo comparta.",
      reset: "Cambiar enlace",
      resetConfirm:
        "¿Crear un enlace nuevo? El anterior deja de funcionar enseguida y cada calendario que lo use debe suscribirse de nuevo.",
      resetYes: "Sí, crear un enlace nuevo",
      resetNo: "Mantener este enlace",
      resetDone: "Enlace nuevo creado. Suscríbase de nuevo con él.",
    },
  },
} satisfies TranslationOf<typeof en>;
