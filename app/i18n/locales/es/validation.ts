import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/validation";
import accountValidation from "./validation/account";
import adminValidation from "./validation/admin";
import onboardingValidation from "./validation/onboarding";
import requestValidation from "./validation/request";

export default {
  emailTooLong: "El correo electrónico es demasiado largo",
  emailInvalid: "Escriba un correo electrónico válido",
  passwordTooShort: "La contraseña debe tener al menos 8 caracteres",
  passwordTooLong: "La contraseña no puede tener más de 128 caracteres",
  passwordRequired: "Escriba su contraseña",
  demoPasswordTooShort: "La contraseña debe tener al menos 6 caracteres",
  firstNameRequired: "Escriba su nombre",
  firstNameTooLong: "El nombre es demasiado largo",
  lastNameRequired: "Escriba su apellido",
  lastNameTooLong: "El apellido es demasiado largo",
  phoneInvalid: "Escriba un número de teléfono válido",
  phoneTooLong: "El número de teléfono es demasiado largo",
  streetRequired: "Escriba la dirección",
  streetTooLong: "La dirección es demasiado larga",
  cityRequired: "Escriba la ciudad",
  cityTooLong: "El nombre de la ciudad es demasiado largo",
  stateInvalid: "Elija un estado de la lista",
  zipInvalid: "Escriba un código postal (ZIP) válido",
  zipTooLong: "El código postal es demasiado largo",
  zipDigits: "El código postal debe tener entre 5 y 10 números",
  passwordsDoNotMatch: "Las contraseñas no coinciden",
  passwordsDontMatch: "Las contraseñas no coinciden",
  fieldRequired: "Este campo es obligatorio",
  fieldInvalid: "Este valor no es válido",
  account: accountValidation,
  admin: adminValidation,
  onboarding: onboardingValidation,
  request: requestValidation,
} satisfies TranslationOf<typeof en>;
