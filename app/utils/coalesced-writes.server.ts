import { Transform } from "node:stream";

// React's HTML comes in pieces of a few kilobytes (10 for a 44 KB page, 51 for a 214 KB one), written one after
// another in the same turn of the event loop; every piece then went alone through each stream after it, and
// through Brotli, which costs more the more calls it gets (docs/decisions/0060-one-write-per-burst.md). Gathered,
// each burst is one write; what React writes later (a Suspense boundary resolved after the shell) still goes as
// soon as it comes, so the page streams as before.

/** A stream that passes on what is written to it, the writes of one turn of the event loop as one chunk. */
export function coalescedWrites(options: { onEnd?: () => void } = {}): Transform {
  let held: Buffer[] = [];
  let isScheduled = false;
  const release = (stream: Transform) => {
    isScheduled = false;
    if (held.length === 0) return;
    const chunk = held.length === 1 ? held[0]! : Buffer.concat(held);
    held = [];
    stream.push(chunk);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      if (!isScheduled) {
        isScheduled = true;
        setImmediate(release, this);
      }
      callback();
    },
    flush(callback) {
      options.onEnd?.();
      release(this);
      callback();
    },
  });
}
