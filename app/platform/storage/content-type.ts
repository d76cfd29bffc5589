// What a file really is, judged by its first bytes ("magic numbers"), never
// by the name or the type a browser claims: a renamed program stays a program.
// https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern

export type SniffedType = {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "application/pdf";
  extension: "jpg" | "png" | "webp" | "heic" | "pdf";
};

const SIGNATURES: { type: SniffedType; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: { mime: "image/jpeg", extension: "jpg" }, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    type: { mime: "image/png", extension: "png" },
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    // "RIFF", four bytes of length, "WEBPVP"
    type: { mime: "image/webp", extension: "webp" },
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b.subarray(8), ascii("WEBPVP")),
  },
  { type: { mime: "application/pdf", extension: "pdf" }, matches: (b) => startsWith(b, ascii("%PDF-")) },
  {
    // ISO base media file: four bytes of box size, "ftyp", then a HEIF brand (phone photos)
    type: { mime: "image/heic", extension: "heic" },
    matches: (b) =>
      startsWith(b.subarray(4), ascii("ftyp")) && HEIF_BRANDS.some((brand) => startsWith(b.subarray(8), ascii(brand))),
  },
];

const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((value, index) => bytes[index] === value);
}

/** The type of `bytes` among the ones Tendly accepts, or null for anything else. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}
