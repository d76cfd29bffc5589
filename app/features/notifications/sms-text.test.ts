import { describe, expect, it } from "vitest";
import { smsAlertText, smsCodeText } from "./sms-text.server";

describe("the words of a text message", () => {
  const url = "https://tendly.test/dashboard/appointments/order/1";

  it("an alert names Tendly, says what happened, links to the page and says how to stop, in English", () => {
    expect(smsAlertText({ title: "Caregiver not checked in: Mon, Dec 7, 10:00 AM CST", url }, "en")).toBe(
      `Tendly: Caregiver not checked in: Mon, Dec 7, 10:00 AM CST ${url} Reply STOP to stop texts.`,
    );
  });

  it("and in Spanish, with usted and STOP as the carriers read it", () => {
    expect(smsAlertText({ title: "Cuidador sin registrar su llegada", url }, "es")).toBe(
      `Tendly: Cuidador sin registrar su llegada ${url} Responda STOP para no recibir más mensajes de texto.`,
    );
  });

  it("the code's text in both languages", () => {
    expect(smsCodeText({ code: "042917", minutes: 10 }, "en")).toBe(
      "Tendly: your code is 042917. It expires in 10 minutes. Do not share it.",
    );
    expect(smsCodeText({ code: "042917", minutes: 10 }, "es")).toBe(
      "Tendly: su código es 042917. Vence en 10 minutos. No lo comparta con nadie.",
    );
  });
});
