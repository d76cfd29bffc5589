import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/emails/admin";

export default {
  invite: {
    subject: "Le invitamos a administrar Tendly",
    preheader: "Indique su nombre y su contraseña para unirse al equipo de Tendly.",
    heading: "Únase al equipo de Tendly",
    invitedBy: "{{inviterName}} le invitó a ser administrador de Tendly.",
    body: "Acepte la invitación para indicar su nombre y su contraseña. Los administradores gestionan los cuidadores, los pedidos, los usuarios y los precios.",
    action: "Aceptar la invitación",
    footnote:
      "El enlace vence en 72 horas y funciona una sola vez. Si no esperaba esta invitación, puede ignorar este mensaje.",
    defaultInviter: "El equipo de Tendly",
  },
} satisfies TranslationOf<typeof en>;
