import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test, vi } from "vitest";
import { coalescedWrites } from "./coalesced-writes.server";

/** The chunks the stream gives, as text, as they come. */
function chunksOf(stream: ReturnType<typeof coalescedWrites>) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return chunks;
}

describe("coalescedWrites", () => {
  test("the writes of one turn come out as one chunk, in order", async () => {
    const stream = coalescedWrites();
    const chunks = chunksOf(stream);
    for (const piece of ["<html>", "<body>", "<p>Hola</p>", "</body>"]) stream.write(Buffer.from(piece));
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(["<html><body><p>Hola</p></body>"]);
  });

  test("a later write goes on its own when it comes: the page still streams", async () => {
    const stream = coalescedWrites();
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("<p>shell</p>"));
    await nextTurn();
    expect(chunks).toEqual(["<p>shell</p>"]);
    stream.write(Buffer.from("<p>later</p>"));
    stream.write(Buffer.from("<script>data</script>"));
    await nextTurn();
    expect(chunks).toEqual(["<p>shell</p>", "<p>later</p><script>data</script>"]);
  });

  test("the end lets out what is held, once, and says it ended", async () => {
    const onEnd = vi.fn<() => void>();
    const stream = coalescedWrites({ onEnd });
    const chunks = chunksOf(stream);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write(Buffer.from("one "));
    stream.end(Buffer.from("two"));
    await ended;
    await nextTurn();
    expect(chunks).toEqual(["one two"]);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  test("every byte passes, a character cut between two writes included", async () => {
    const stream = coalescedWrites();
    const chunks = chunksOf(stream);
    const text = "Cuidado en casa: señora Núñez ✓";
    const bytes = Buffer.from(text);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (let at = 0; at < bytes.length; at += 5) stream.write(bytes.subarray(at, at + 5));
    stream.end();
    await ended;
    expect(chunks.join("")).toBe(text);
  });
});
