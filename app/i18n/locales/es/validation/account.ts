import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/validation/account";

export default {
  twoFactorCodeInvalid: "Escriba el código de 6 dígitos de su aplicación de autenticación",
} satisfies TranslationOf<typeof en>;
