import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/email";
import adminEmails from "./emails/admin";
import careEmails from "./emails/care";
import caregiverEmails from "./emails/caregiver";
import supportEmails from "./emails/support";
import notesEmails from "./emails/notes";
import visitEmails from "./emails/visits";

export default {
  layout: {
    buttonFallback: "Si el botón no funciona, copie este enlace en su navegador:",
    footer: "Tendly · cuidado a domicilio verificado para sus seres queridos.",
    footerText: "Tendly - cuidado a domicilio verificado para sus seres queridos.",
  },
  verifyEmail: {
    subject: "Confirme su correo para Tendly",
    preheader: "Un clic y su cuenta de Tendly estará lista.",
    heading: "Le damos la bienvenida a Tendly, {{name}}",
    body: "Confirme su correo electrónico para terminar de crear su cuenta.",
    action: "Confirmar mi correo",
    footnote: "Si usted no creó una cuenta en Tendly, puede ignorar este mensaje.",
  },
  resetPassword: {
    subject: "Cambie su contraseña de Tendly",
    preheader: "Un enlace para elegir una contraseña nueva.",
    heading: "Cambie su contraseña",
    greeting: "Hola, {{name}}:",
    body: "Recibimos una solicitud para cambiar la contraseña de su cuenta de Tendly.",
    action: "Elegir una contraseña nueva",
    footnote: "El enlace vence en una hora. Si usted no lo pidió, puede ignorar este mensaje.",
  },
  confirmNewEmail: {
    subject: "Confirme su nuevo correo para Tendly",
    preheader: "Un clic y Tendly usará este correo.",
    heading: "Confirme su nuevo correo electrónico",
    greeting: "Hola, {{name}}:",
    body: "Usted pidió usar este correo en su cuenta de Tendly. Confírmelo, por favor; hasta entonces seguiremos usando su correo actual.",
    action: "Confirmar mi nuevo correo",
    footnote: "El enlace vence en una hora. Si usted no lo pidió, puede ignorar este mensaje.",
  },
  // Each area's emails keep their words in a file of their own (t("care.…")).
  admin: adminEmails,
  care: careEmails,
  caregiver: caregiverEmails,
  support: supportEmails,
  visits: visitEmails,
  notes: notesEmails,
} satisfies TranslationOf<typeof en>;
