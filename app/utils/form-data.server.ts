// Reads a form body with a size limit, so that an upload larger than we accept
// is refused before it fills the memory (request.formData() would read all of it).

export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
}

export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw new PayloadTooLargeError(`Body of ${declared} bytes exceeds ${maxBytes}`);
  if (!request.body) return request.formData();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLargeError(`Body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const body = new Blob(chunks as BlobPart[]);
  return new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}
