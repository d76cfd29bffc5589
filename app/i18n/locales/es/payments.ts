import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/payments";

export default {
  notify: {
    paid: {
      title: "Pago recibido de {{invoiceNumber}}",
      message: "Se cobraron {{amount}} a su tarjeta por la factura {{invoiceNumber}}. Gracias.",
      action: "Ver factura",
    },
    confirm: {
      title: "Confirme su pago de {{invoiceNumber}}",
      message: "Su banco necesita que confirme el pago de {{invoiceNumber}} ({{amount}}).",
      action: "Confirmar pago",
    },
    failed: {
      title: "No se pudo cobrar {{invoiceNumber}}",
      message_one:
        "No pudimos cobrar {{amount}} a su tarjeta por la factura {{invoiceNumber}}. Lo intentaremos de nuevo en {{count}} día, o puede actualizar su tarjeta ahora.",
      message_other:
        "No pudimos cobrar {{amount}} a su tarjeta por la factura {{invoiceNumber}}. Lo intentaremos de nuevo en {{count}} días, o puede actualizar su tarjeta ahora.",
      action: "Ver factura",
    },
    failedFinal: {
      title: "Pago vencido de {{invoiceNumber}}",
      message:
        "No pudimos cobrar {{amount}} a su tarjeta por la factura {{invoiceNumber}} y no lo intentaremos de nuevo. Actualice su tarjeta o contáctenos para pagar de otra forma.",
      action: "Ver factura",
    },
  },
  card: {
    metaTitle: "Tarjeta de pago",
    title: "Tarjeta de pago",
    intro: "Las facturas se cobran a esta tarjeta cuando se emiten.",
    privacy:
      "El número de su tarjeta va directamente a Stripe, nuestro procesador de pagos. Tendly nunca lo ve ni lo guarda.",
    notConfigured:
      "Los pagos con tarjeta no están disponibles. Pague sus facturas por transferencia bancaria o con cheque, como se indica abajo; nuestro equipo registra cada pago cuando llega.",
    howToPayTitle: "Cómo pagar",
    otherWaysTitle: "Otras formas de pagar",
    savedTitle: "Tarjeta guardada",
    savedCard: "{{brand}} terminada en {{last4}}",
    expires: "Vence {{month}}/{{year}}",
    none: "Aún no hay una tarjeta guardada. Agregue una para que las facturas se paguen automáticamente.",
    unavailable: "No pudimos cargar su tarjeta guardada en este momento. Inténtelo de nuevo en un momento.",
    add: "Agregar una tarjeta",
    replace: "Reemplazar tarjeta",
    formTitle: "Datos de la tarjeta",
    fieldLabel: "Tarjeta",
    save: "Guardar tarjeta",
    saving: "Guardando…",
    cancel: "Cancelar",
    loading: "Cargando el formulario seguro de la tarjeta…",
    loadFailed: "No se pudo cargar el formulario de la tarjeta. Revise su conexión e inténtelo de nuevo.",
    saved: "Su tarjeta está guardada. Las facturas pendientes se cobrarán a ella.",
    declined: "La tarjeta no se guardó: {{message}}",
    back: "Volver a facturación",
    errors: {
      "setup-unknown": "No encontramos esa configuración de tarjeta. Agregue la tarjeta de nuevo.",
      "setup-incomplete": "La tarjeta no se guardó. Inténtelo de nuevo.",
      generic: "Algo salió mal al guardar la tarjeta. Inténtelo de nuevo.",
    },
  },
  confirm: {
    title: "Su banco necesita que confirme este pago",
    intro: "Confirme el pago de {{amount}} con su banco. Puede abrirse una ventana de su banco.",
    button: "Confirmar pago",
    working: "Confirmando…",
    done: "Pago confirmado. Gracias. La factura aparecerá como pagada en un momento.",
    failed: "El pago no se confirmó: {{message}}",
    loadFailed: "No se pudo cargar el formulario seguro de pago. Revise su conexión e inténtelo de nuevo.",
  },
  payNow: {
    button: "Pagar ahora",
    paying: "Pagando…",
    lastError: "El último cobro a su tarjeta falló: {{message}}",
    addCard: "Agregue una tarjeta para pagar",
  },
  booking: {
    heading: "Pague sus facturas automáticamente",
    text: "Guarde una tarjeta ahora y cada factura se cobrará cuando se emita, después de la atención.",
    link: "Guardar una tarjeta",
  },
  brands: {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
    other: "Tarjeta",
  },
} satisfies TranslationOf<typeof en>;
