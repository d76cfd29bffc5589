// Credenciales que vencen (/caregiver/credentials, /admin/credentials; véase en/credentials.ts).
export default {
  meta: {
    title: "Credenciales | Tendly",
    adminTitle: "Credenciales por vencer | Administración de Tendly",
  },
  kinds: {
    cpr: "tarjeta de RCP / primeros auxilios",
    tb_test: "examen de tuberculosis",
    licence: "licencia (CNA, HHA)",
    background_recheck: "nueva verificación de antecedentes penales",
  },
  page: {
    heading: "Credenciales",
    intro:
      "Mantenga al día la fecha de cada credencial. Si la tarjeta de RCP / primeros auxilios o el examen de tuberculosis está vencido, no podrá aceptar ofertas nuevas ni visitas de respaldo hasta que suba aquí el documento renovado; el cambio cuenta de inmediato.",
    required: "Obligatoria",
    optional: "Opcional",
    none: "No registrada",
    expiresOn: "Vigente hasta el {{date}}",
    expiredOn: "Venció el {{date}}",
    expiring_one: "Vence en {{count}} día",
    expiring_other: "Vence en {{count}} días",
    verified: "Verificada por Tendly",
    notVerified: "Pendiente de revisión por Tendly",
    viewDocument: "Ver el documento",
    formHeading: "Subir o renovar una credencial",
    kind: "Credencial",
    expiry: "Fecha de vencimiento",
    expiryHint: "El último día que aparece en la tarjeta o la carta. No se acepta una fecha que ya pasó.",
    file: "Documento (PDF o foto, hasta 10 MB)",
    save: "Guardar credencial",
    saving: "Guardando…",
    saved: "Se guardó: {{credential}}, vigente hasta el {{date}}.",
  },
  gate: {
    expired: "Una credencial obligatoria está vencida. Renuévela para aceptar ofertas nuevas:",
    expiring: "Una credencial vence pronto. Renuévela antes de la fecha para seguir recibiendo ofertas:",
    item: "{{credential}}: venció el {{date}}",
    itemSoon: "{{credential}}: vigente hasta el {{date}}",
    link: "Renovar en Credenciales",
  },
  refusals: {
    expired: {
      cpr: "Su tarjeta de RCP / primeros auxilios está vencida. Suba la tarjeta renovada en Credenciales (/caregiver/credentials) para aceptar ofertas nuevas.",
      tb_test:
        "Su examen de tuberculosis está vencido. Suba el resultado nuevo en Credenciales (/caregiver/credentials) para aceptar ofertas nuevas.",
      licence:
        "Su licencia está vencida. Suba la licencia renovada en Credenciales (/caregiver/credentials) para aceptar ofertas nuevas.",
      background_recheck:
        "Su nueva verificación de antecedentes penales está vencida. Suba la nueva en Credenciales (/caregiver/credentials) para aceptar ofertas nuevas.",
    },
    notFound: "Esta credencial no existe.",
  },
  errors: {
    kind: "Elija qué credencial es.",
    date: "Escriba la fecha de vencimiento como una fecha real.",
    past: "Esta fecha ya pasó. Suba una credencial que siga vigente.",
    tooLarge: "Este archivo pesa más de 10 MB. Elija un archivo más pequeño o una foto de la tarjeta.",
  },
  admin: {
    heading: "Credenciales por vencer",
    intro: "Credenciales de los cuidadores vencidas o que vencen en los próximos 30 días, primero las más próximas.",
    empty: "Ninguna credencial vence en los próximos 30 días.",
    caregiver: "Cuidador",
    credential: "Credencial",
    date: "Vigente hasta",
    standing: "Estado",
    expired: "Vencida",
    expiring: "Por vencer",
    current: "Vigente",
    required: "obligatoria",
    notVerified: "sin verificar",
    noneOnFile: "Ninguna registrada",
    verified: "Verificada",
    verify: "Marcar como verificado: {{credential}} de {{name}}",
    verifyShort: "Marcar como verificada",
    verifiedDone: "Credencial marcada como verificada.",
    document: "Documento",
    none: "Ninguno",
    onlyAdmins: "Solo los administradores pueden ver las credenciales de los cuidadores.",
  },
  notify: {
    due30: {
      title: "Una credencial vence en 30 días",
      message: "Su {{credential}} está vigente hasta el {{date}}. Suba el documento renovado antes de esa fecha.",
      action: "Renovar",
    },
    due7: {
      title: "Una credencial vence en 7 días",
      message:
        "Su {{credential}} está vigente hasta el {{date}}. Después de esa fecha, una credencial obligatoria vencida impide recibir ofertas nuevas hasta renovarla.",
      action: "Renovar",
    },
  },
};
