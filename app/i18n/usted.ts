// The check that Spanish speaks to the reader as usted (docs/product-rules.md, "Languages": usted
// everywhere), shared by the catalogue's test (messages.test.ts) and the Markdown content's
// (features/content/spanish-content.test.ts).

/**
 * Words that address the reader as tú: the pronouns and possessives, the present and preterite
 * forms, and imperatives where a sentence or a clause after a colon begins. Forms shared with
 * usted's third person ("paga", "sigue") are left out.
 */
const TU_WORDS =
  /(?:^|[^\p{L}])(tu|tus|tú|ti|contigo|te|tienes|puedes|quieres|quieras|puedas|tengas|eres|estás|has|necesitas|debes|sabes|\p{L}+aste|hiciste|pediste|recibiste|elegiste|escribiste)(?!\p{L})/giu;
const TU_IMPERATIVES =
  /(?:^|[.:!?¿¡]\s+)(registra|descarga|deja|marca|revisa|elige|escribe|agrega|añade|busca|usa|toca|pulsa|haz|mira|configura|completa|sube|confirma|acepta|guarda|envía|llama|abre|cierra|selecciona|ingresa|inicia|crea|cambia|comprueba|intenta|vuelve|lee|responde|continúa|di|cuéntanos|dinos|avísanos|prueba|recuerda|asegúrate|inténtalo|configúralo)(?!\p{L})/giu;

/** Nouns that end like a tú preterite (-aste) but are not one. */
const NOT_PRETERITES = new Set(["desgaste", "contraste"]);

/** The tú words of `text`, if any. */
export function tuWords(text: string): string[] {
  return [...text.matchAll(TU_WORDS), ...text.matchAll(TU_IMPERATIVES)]
    .map((match) => match[1]!)
    .filter((word) => !NOT_PRETERITES.has(word.toLowerCase()));
}

/**
 * The tú words of a Markdown text: each line read as a sentence of its own once its markup is
 * gone (headings, list markers, emphasis, link targets), so that "- Revise…" and "**Llame…**" are
 * read where they begin.
 */
export function tuWordsInMarkdown(markdown: string): string[] {
  return markdown.split("\n").flatMap((line) =>
    tuWords(
      line
        .replace(/\]\([^)]*\)/g, "]")
        .replace(/[*_[\]`]/g, "")
        .replace(/^\s*(?:#+|[-+>]|\d+\.)\s+/, "")
        .trim(),
    ),
  );
}
