import { describe, expect, test } from "vitest";
import { createLane, LaneFullError } from "./bounded-lane";

/** A task that runs until the test lets it finish (or fail). */
function gate<T = string>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { task: () => done, finish, fail };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLane", () => {
  test("runs at most `concurrency` tasks at once; the others wait", async () => {
    const lane = createLane({ concurrency: 2, queueSize: 10 });
    const gates = Array.from({ length: 5 }, () => gate());
    let started = 0;
    const runs = gates.map((g) =>
      lane.run(() => {
        started += 1;
        return g.task();
      }),
    );
    await settle();
    expect(started).toBe(2);
    expect(lane.active).toBe(2);
    expect(lane.waiting).toBe(3);

    gates[0]!.finish("a");
    await settle();
    expect(started).toBe(3);
    expect(lane.active).toBe(2);
    for (const g of gates.slice(1)) g.finish("b");
    await Promise.all(runs);
    expect(lane.active).toBe(0);
    expect(lane.waiting).toBe(0);
  });

  test("refuses with LaneFullError once the queue is full, and takes work again when it drains", async () => {
    const lane = createLane({ concurrency: 1, queueSize: 1 });
    const running = gate();
    const waiting = gate();
    const first = lane.run(running.task);
    const second = lane.run(waiting.task);
    let refusedTaskRan = false;
    await expect(
      lane.run(async () => {
        refusedTaskRan = true;
      }),
    ).rejects.toBeInstanceOf(LaneFullError);
    expect(refusedTaskRan).toBe(false);
    expect(lane.active).toBe(1);
    expect(lane.waiting).toBe(1);

    running.finish("one");
    waiting.finish("two");
    await expect(Promise.all([first, second])).resolves.toEqual(["one", "two"]);
    await expect(lane.run(async () => "three")).resolves.toBe("three");
  });

  test("a queue of 0 refuses whatever finds every slot taken", async () => {
    const lane = createLane({ concurrency: 1, queueSize: 0 });
    const running = gate();
    const first = lane.run(running.task);
    await expect(lane.run(async () => "late")).rejects.toBeInstanceOf(LaneFullError);
    running.finish("done");
    await expect(first).resolves.toBe("done");
  });

  test("waiting tasks start in the order they came", async () => {
    const lane = createLane({ concurrency: 1, queueSize: 10 });
    const order: number[] = [];
    const first = gate();
    const runs = [lane.run(first.task)];
    for (let index = 1; index <= 5; index += 1) {
      runs.push(
        lane.run(async () => {
          order.push(index);
          await settle();
          return "";
        }),
      );
    }
    first.finish("");
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  test("a task that fails (or throws at once) gives its slot to the next and its error to its caller", async () => {
    const lane = createLane({ concurrency: 1, queueSize: 2 });
    const failing = gate();
    const failed = lane.run(failing.task);
    const thrown = lane.run(() => {
      throw new Error("thrown before any promise");
    });
    const next = lane.run(async () => "next ran");
    failing.fail(new Error("scrypt failed"));
    await expect(failed).rejects.toThrow("scrypt failed");
    await expect(thrown).rejects.toThrow("thrown before any promise");
    await expect(next).resolves.toBe("next ran");
    expect(lane.active).toBe(0);
  });

  test("rejects settings that would never run anything", () => {
    expect(() => createLane({ concurrency: 0, queueSize: 1 })).toThrow(RangeError);
    expect(() => createLane({ concurrency: 1, queueSize: -1 })).toThrow(RangeError);
  });
});
