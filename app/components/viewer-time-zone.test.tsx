import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { NO_MESSAGES } from "~/i18n/config";
import { I18nProvider } from "~/i18n/react";
import { ZoneLabel } from "./viewer-time-zone";

// The server does not know the viewer's zone: its render names none, whatever
// the zones, so the browser hydrates the same text and adds the label after.
describe("ZoneLabel on the server", () => {
  test("renders nothing, even for a zone no viewer is in", () => {
    const html = renderToString(
      <I18nProvider payload={NO_MESSAGES}>
        <ZoneLabel at="2026-12-07T15:00:00Z" timeZone="Pacific/Honolulu" />
      </I18nProvider>,
    );
    expect(html).toBe("");
  });
});
