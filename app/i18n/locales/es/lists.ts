import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/lists";

// Las piezas de lista que comparten todas las listas de administración: paginación, orden y búsqueda.
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
  search: "Buscar",
} satisfies TranslationOf<typeof en>;
