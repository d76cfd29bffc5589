import { describe, expect, test } from "vitest";
import { tuWords, tuWordsInMarkdown } from "./usted";

describe("the usted check", () => {
  test("knows tú when it sees it, and leaves usted and the third person alone", () => {
    expect(tuWords("Aún no tienes ganancias")).toEqual(["tienes"]);
    expect(tuWords("Tu pago, en la semana en que la trabajaste.")).toEqual(["Tu", "trabajaste"]);
    expect(tuWords("Descarga sus ganancias. Deja las fechas vacías.")).toEqual(["Descarga", "Deja"]);
    // "paga" is also usted's third person ("el crédito paga"): not counted, whatever it means here.
    expect(tuWords("Stripe no está configurado: paga a los cuidadores.")).toEqual([]);
    expect(tuWords("Stripe no está configurado: configura los pagos.")).toEqual(["configura"]);
    expect(tuWords("Aún no tiene ganancias. Descargue sus ganancias.")).toEqual([]);
    expect(tuWords("La visita sigue siendo suya. Si existe una cuenta, le enviamos un enlace.")).toEqual([]);
  });

  test("reads nouns that end like a preterite as nouns", () => {
    expect(tuWords("El desgaste del cuidador, en contraste, llega despacio.")).toEqual([]);
    expect(tuWords("Lo que gastaste en el cuidado")).toEqual(["gastaste"]);
  });

  test("reads each Markdown line as a sentence, without its markup", () => {
    const markdown = [
      "## Revisa la casa",
      "- Busca un cuidador que hable su idioma.",
      "1. **Llama** a su médico.",
      "**Elige** con calma: [escribe](/contact) si duda.",
      "- Revise la casa y [escríbanos](/contact).",
    ].join("\n");
    expect(tuWordsInMarkdown(markdown)).toEqual(["Revisa", "Busca", "Llama", "Elige", "escribe"]);
  });
});
