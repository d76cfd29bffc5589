import { describe, expect, it } from "vitest";
import { createLiveRefresh } from "./live-refresh";

// One read at a time (docs/decisions/0065-live-reads-one-at-a-time.md).

function recorder() {
  const reads: PromiseWithResolvers<void>[] = [];
  const revalidate = () => {
    const read = Promise.withResolvers<void>();
    reads.push(read);
    return read.promise;
  };
  return { reads, revalidate };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLiveRefresh", () => {
  it("reads at once when nothing is under way", () => {
    const { reads, revalidate } = recorder();
    createLiveRefresh(revalidate).refresh();
    expect(reads).toHaveLength(1);
  });

  it("makes the reads asked for during a read once, after it", async () => {
    const { reads, revalidate } = recorder();
    const live = createLiveRefresh(revalidate);
    live.refresh();
    live.refresh();
    live.refresh();
    live.refresh();
    expect(reads).toHaveLength(1);
    reads[0]!.resolve();
    await settle();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve();
    await settle();
    expect(reads).toHaveLength(2);
  });

  it("waits for a navigation to end, then reads once", async () => {
    const { reads, revalidate } = recorder();
    const live = createLiveRefresh(revalidate);
    live.setNavigating(true);
    live.refresh();
    live.refresh();
    expect(reads).toHaveLength(0);
    live.setNavigating(false);
    expect(reads).toHaveLength(1);
    live.setNavigating(false);
    expect(reads).toHaveLength(1);
  });

  it("goes on after a read that failed", async () => {
    const { reads, revalidate } = recorder();
    const live = createLiveRefresh(revalidate);
    live.refresh();
    live.refresh();
    reads[0]!.reject(new Error("offline"));
    await settle();
    expect(reads).toHaveLength(2);
  });

  it("asks nothing when nothing was asked for", () => {
    const { reads, revalidate } = recorder();
    const live = createLiveRefresh(revalidate);
    live.setNavigating(true);
    live.setNavigating(false);
    expect(reads).toHaveLength(0);
  });
});
