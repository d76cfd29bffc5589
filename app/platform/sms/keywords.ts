// The words a person texts back to stop or resume texts (docs/decisions/0049-text-messages.md), as
// the US carriers and Twilio read them, and the Spanish "ALTO" and "PARAR" a Spanish-speaking family may
// answer with, which the carriers do not read: Tendly stops texting that number itself. The whole message,
// any case, spaces around ignored.

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ALTO", "PARAR"]);
const START_WORDS = new Set(["START", "UNSTOP"]);

export type SmsKeyword = "stop" | "start";

export function smsKeyword(body: string): SmsKeyword | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  return null;
}
