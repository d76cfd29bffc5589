// A lane for costly work: at most `concurrency` tasks run at once, at most
// `queueSize` more wait their turn (first come, first served), and any beyond
// that are refused at once with LaneFullError instead of waiting without end.
// Password hashing runs through one (app/utils/password.server.ts,
// docs/decisions/0018-password-hashing-lane.md).

export class LaneFullError extends Error {
  constructor(message = "Too much of this work is waiting already") {
    super(message);
    this.name = "LaneFullError";
  }
}

export type Lane = {
  /** Runs `task` when a slot is free; rejects with LaneFullError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
  readonly concurrency: number;
  readonly queueSize: number;
};

export function createLane({ concurrency, queueSize }: { concurrency: number; queueSize: number }): Lane {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError("concurrency must be an integer >= 1");
  if (!Number.isInteger(queueSize) || queueSize < 0) throw new RangeError("queueSize must be an integer >= 0");
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next in line, so no newcomer can take it in between.
    if (next) next();
    else active -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active += 1;
      else if (queue.length < queueSize) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new LaneFullError();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    concurrency,
    queueSize,
  };
}
