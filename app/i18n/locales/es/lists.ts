import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/lists";

// Las piezas que comparten todas las listas de administración (paginación, orden y búsqueda) y las palabras de cada
// lista para ellas.
export default {
  showing: "Se muestran {{first}}–{{last}} de {{total}}",
  showingNone: "No hay nada que mostrar",
  previous: "Anterior",
  next: "Siguiente",
  pageLabel: "Página {{page}}",
  sortBy: "Ordenar por:",
  sortAscending: "(ordenar de menor a mayor)",
  sortDescending: "(ordenar de mayor a menor)",
  sortedAscending: "(ordenado de menor a mayor)",
  sortedDescending: "(ordenado de mayor a menor)",
  search: "Buscar",
  caregivers: {
    pagesLabel: "Páginas de cuidadores",
    sortLabel: "Ordenar cuidadores",
    sort: { applied: "Fecha de solicitud", name: "Nombre", city: "Ciudad" },
  },
  support: {
    search: "Buscar mensajes",
    searchHint: "Nombre, correo electrónico o palabras del mensaje",
    topic: "Tema",
    anyTopic: "Cualquier tema",
    noMatch: "Ningún mensaje coincide con estos filtros.",
    pagesLabel: "Páginas de mensajes de soporte",
    sortLabel: "Ordenar mensajes de soporte",
    sort: { received: "Recibido", name: "Nombre", topic: "Tema" },
  },
  orders: {
    sortLabel: "Ordenar pedidos",
    sort: { submitted: "Fecha de envío", number: "Pedido", status: "Estado", starts: "Fecha de inicio" },
  },
  users: {
    role: "Rol",
    anyRole: "Cualquier rol",
    sortLabel: "Ordenar usuarios",
    auditLink: "Registro de auditoría",
    auditLinkFor: "Registro de auditoría de {{email}}",
  },
  visits: {
    search: "Pedido, familia o cuidador",
    sortLabel: "Ordenar visitas",
    sort: { starts: "Hora de la visita", order: "Pedido" },
  },
  invoices: {
    sortLabel: "Ordenar facturas",
    sort: { issued: "Fecha de emisión", number: "Factura", due: "Fecha de vencimiento", total: "Total" },
  },
  payouts: {
    search: "Cuidador",
    searchHint: "Nombre o correo electrónico de un cuidador pagado en el lote",
    status: "Estado del pago",
    anyStatus: "Cualquier estado",
    statuses: { pending: "En espera", paid: "Pagado", failed: "Fallido" },
    noMatch: "Ningún lote coincide con estos filtros.",
    pagesLabel: "Páginas de lotes de pagos a cuidadores",
    sortLabel: "Ordenar lotes de pagos a cuidadores",
    sort: { created: "Fecha de creación", through: "Ganancias hasta" },
  },
} satisfies TranslationOf<typeof en>;
