import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { schemaErrorMap } from "./form-schema";

// Reads a form body with a size limit, so that an upload larger than we accept
// is refused before it fills the memory (request.formData() would read all of
// it), and checks its type and encoding, so that odd input is answered with
// 400 or 413 instead of crashing the action.

/** The default limit of an ordinary form (no files). */
export const FORM_MAX_BYTES = 64 * 1024;
/** Room for a form's other fields around one uploaded file of at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** A body refused before any action sees it: 400 (malformed) or 413 (too large). */
export class FormRefusedError extends Error {
  override name = "FormRefusedError";
  readonly status: 400 | 413;

  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

export class PayloadTooLargeError extends FormRefusedError {
  override name = "PayloadTooLargeError";

  constructor(maxBytes: number) {
    super(413, `The request is too large: at most ${formatBytes(maxBytes)} is accepted.`);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** Reads the whole body, refusing it as soon as it passes `maxBytes`. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw new PayloadTooLargeError(maxBytes);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        // Cancelling would reset the connection (the Node adapter destroys the
        // socket) before the 413 reaches the client: drop the rest instead.
        // The host's own cap (server/body-limits.ts) ends an endless body.
        reader.releaseLock();
        request.body.pipeTo(new WritableStream()).catch(() => undefined);
        throw new PayloadTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FormRefusedError) throw error;
    // The client went away or sent a broken chunked body.
    throw new FormRefusedError(400, "The request body could not be read.");
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * URLSearchParams (and so Request.formData()) quietly turns a broken `%` escape
 * or invalid UTF-8 into other characters; decodeURIComponent refuses both.
 */
function checkUrlEncoded(body: Uint8Array) {
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    throw new FormRefusedError(400, "The form is not valid UTF-8.");
  }
  for (const pair of text.split("&")) {
    try {
      decodeURIComponent(pair.replaceAll("+", " "));
    } catch {
      throw new FormRefusedError(400, "The form has invalid percent-encoding or invalid UTF-8.");
    }
  }
}

function checkTextFields(form: FormData, isMultipart: boolean) {
  for (const [name, value] of form) {
    const texts = typeof value === "string" ? [name, value] : [name];
    for (const text of texts) {
      if (text.includes("\u0000")) throw new FormRefusedError(400, "Text fields must not contain NUL characters.");
      // The multipart parser replaces invalid UTF-8 in a text field with U+FFFD.
      if (isMultipart && text.includes("\uFFFD")) throw new FormRefusedError(400, "The form is not valid UTF-8.");
    }
  }
}

/**
 * The form of `request`, read with a size limit and checked: a urlencoded or
 * multipart body of at most `maxBytes`, valid UTF-8 and percent-encoding, no
 * NUL in a text field. An empty body is an empty form whatever its type.
 * Throws FormRefusedError (PayloadTooLargeError when too large).
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const body = await readBody(request, maxBytes);
  if (body.byteLength === 0) return new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== URLENCODED && mediaType !== MULTIPART)
    throw new FormRefusedError(400, `Send the form as ${URLENCODED} or ${MULTIPART}.`);
  if (mediaType === URLENCODED) checkUrlEncoded(body);
  let form: FormData;
  try {
    form = await new Response(body as BlobPart, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new FormRefusedError(400, "The form could not be read: its multipart body or boundary is malformed.");
  }
  checkTextFields(form, mediaType === MULTIPART);
  return form;
}

/** The plain-text answer to a refused body, the same for every route. */
export function formRefusedResponse(error: FormRefusedError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * What every action and resource route reads its form with:
 * `await readForm(request)` for an ordinary form (at most FORM_MAX_BYTES),
 * `readForm(request, { maxBytes: UPLOAD_MAX_BYTES })` where files are uploaded.
 * A refused body is thrown as a plain-text 400 or 413 Response (see
 * isPayloadTooLarge for an action that shows its own message instead).
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  try {
    return await readFormData(request, options.maxBytes ?? FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof FormRefusedError) throw formRefusedResponse(error);
    throw error;
  }
}

/** Whether readForm refused a body for being too large (thrown as a 413 Response). */
export function isPayloadTooLarge(error: unknown): error is Response {
  return error instanceof Response && error.status === 413;
}

/**
 * The one way an action reads a form (docs/architecture.md, "How a form is built"): the body read
 * by readForm, with its byte limit and its 400/413 refusals, then parsed by the form's zod schema
 * into Conform's submission. `submission.reply()` is what the page's useSchemaForm shows again:
 * the field errors (message keys) and the values typed, less the fields named in `hideFields`.
 * The schema sees the strings as sent (no coercion of "" to undefined), as in the browser; an issue
 * its schema does not word (a field missing from a hand-made post) gets a message key all the same.
 */
export async function parseForm<Schema extends $ZodType>(
  request: Request,
  schema: Schema,
  options: { maxBytes?: number } = {},
) {
  return parseWithZod(await readForm(request, options), { schema, disableAutoCoercion: true, error: schemaErrorMap });
}
