import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/validation/admin";

export default {
  inviteLinkInvalid: "Este enlace de invitación no es válido.",
  notesTooLong: "Las notas pueden tener como máximo 5000 caracteres",
  reasonTooLong: "El motivo puede tener como máximo 1000 caracteres",
  pricing: {
    rateFormat: {
      "personal-care": "Cuidado personal: escriba una cantidad en dólares, como 34 o 34.50",
      companionship: "Compañía: escriba una cantidad en dólares, como 34 o 34.50",
      housekeeping: "Limpieza del hogar: escriba una cantidad en dólares, como 34 o 34.50",
      "meal-preparation": "Preparación de comidas: escriba una cantidad en dólares, como 34 o 34.50",
      transportation: "Transporte: escriba una cantidad en dólares, como 34 o 34.50",
    },
    rateRange: {
      "personal-care": "Cuidado personal: entre $1 y $500 por hora",
      companionship: "Compañía: entre $1 y $500 por hora",
      housekeeping: "Limpieza del hogar: entre $1 y $500 por hora",
      "meal-preparation": "Preparación de comidas: entre $1 y $500 por hora",
      transportation: "Transporte: entre $1 y $500 por hora",
    },
    caregiverPayPercent: {
      format: "Parte del pago para el cuidador: escriba un número",
      range: "Parte del pago para el cuidador: entre 1 y 100",
    },
    weekendMultiplier: {
      format: "Multiplicador de fin de semana: escriba un número",
      range: "Multiplicador de fin de semana: entre 1 y 3",
    },
    overnightMultiplier: {
      format: "Multiplicador nocturno: escriba un número",
      range: "Multiplicador nocturno: entre 1 y 3",
    },
    minimumHoursPerVisit: {
      format: "Mínimo de horas por visita: escriba un número",
      range: "Mínimo de horas por visita: entre 0 y 12",
    },
    platformFeePercent: {
      format: "Comisión de la plataforma: escriba un número",
      range: "Comisión de la plataforma: entre 0 y 50",
    },
  },
  promo: {
    chooseDate: "Elija una fecha",
    codeFormat: "Use de 3 a 40 letras, números o guiones",
    chooseKind: "Elija porcentaje o cantidad fija",
    enterDiscount: "Escriba el descuento",
    usageCapFormat: "Escriba un número entero, o déjelo vacío para no poner límite",
    usageCapMin: "El límite debe ser de al menos 1",
    percentRange: "El porcentaje es un número entero del 1 al 100",
    fixedMin: "Un descuento fijo es de al menos $1",
    endAfterStart: "El final debe ser posterior al inicio",
  },
} satisfies TranslationOf<typeof en>;
