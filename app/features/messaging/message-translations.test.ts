import { describe, expect, test } from "vitest";
import { localizeText } from "~/i18n/i18n.server";
import enMessages from "~/i18n/locales/en/messages";
import esMessages from "~/i18n/locales/es/messages";
import { MESSAGE_ERRORS } from "./message-rules";

// The refusals features/messaging gives are in the `messages` namespace word
// for word, so that the pages show them in the reader's language (localizeText).

describe("messaging refusals have their messages", () => {
  test.each(Object.entries(MESSAGE_ERRORS))("%s", (key, text) => {
    expect(enMessages.errors[key as keyof typeof MESSAGE_ERRORS]).toBe(text);
    expect(localizeText("es", text)).toBe(esMessages.errors[key as keyof typeof MESSAGE_ERRORS]);
  });
});
