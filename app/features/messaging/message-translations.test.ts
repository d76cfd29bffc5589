import { describe, expect, test } from "vitest";
import { messageText } from "~/i18n/i18n.server";
import enMessages from "~/i18n/locales/en/messages";
import esMessages from "~/i18n/locales/es/messages";
import { MESSAGE_ERRORS } from "./message-rules";

// features/messaging refuses with keys of the `messages` namespace (errors.*),
// which the pages word in the reader's language.

describe("messaging refusals are the messages' errors", () => {
  test.each(Object.entries(MESSAGE_ERRORS))("%s", (name, key) => {
    expect(key).toBe(`messages:errors.${name}`);
    expect(messageText("en", { key })).toBe(enMessages.errors[name as keyof typeof MESSAGE_ERRORS]);
    expect(messageText("es", { key })).toBe(esMessages.errors[name as keyof typeof MESSAGE_ERRORS]);
  });
});
