import { describe, expect, test } from "vitest";
import { sniffContentType } from "./content-type";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffContentType", () => {
  test.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg", "jpg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "image/png", "png"],
    ["WebP (lossy)", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "), "image/webp", "webp"],
    ["WebP (extended)", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8X"), "image/webp", "webp"],
    ["PDF", bytes("%PDF-1.7\n"), "application/pdf", "pdf"],
    ["HEIC", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"), "image/heic", "heic"],
    ["HEIF (mif1)", bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1heic"), "image/heic", "heic"],
  ])("recognises %s by its first bytes", (_name, input, mime, extension) => {
    expect(sniffContentType(input)).toEqual({ mime, extension });
  });

  test.each([
    ["a Windows program", bytes("MZ", [0x90, 0, 3, 0])],
    ["an ELF program", bytes([0x7f], "ELF", [2, 1, 1])],
    ["HTML", bytes("<!doctype html><script>")],
    ["a GIF", bytes("GIF89a")],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [1, 2, 3, 4], "WAVEfmt ")],
    ["a truncated PNG signature", bytes([0x89], "PNG")],
    ["an MP4 video (ftyp, not a HEIF brand)", bytes([0, 0, 0, 0x18], "ftypisom")],
    ["nothing", bytes()],
  ])("refuses %s", (_name, input) => {
    expect(sniffContentType(input)).toBeNull();
  });
});
