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
  search: "Buscar",
} satisfies TranslationOf<typeof en>;
