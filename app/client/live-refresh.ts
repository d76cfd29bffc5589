// Reading a page's data again when a realtime event says something it shows changed, one read at a time
// (docs/decisions/0065-live-reads-one-at-a-time.md). React Router aborts a navigation's loads and starts
// them again for each revalidation asked for while the navigation is under way, so events arriving faster
// than a page loads could keep a person's own search or link from ever finishing. Here a read asked for
// while a navigation or another read is under way waits for it to end, and is then made once, however
// many events asked for it.

export type LiveRefresh = {
  /** Asks for the page's data to be read again. */
  refresh: () => void;
  /** Whether a navigation is under way (its end lets a read asked for meanwhile be made). */
  setNavigating: (isNavigating: boolean) => void;
};

/** `revalidate` reads the page's data again and settles once that read (or a navigation it joined) is done. */
export function createLiveRefresh(revalidate: () => Promise<void>): LiveRefresh {
  let isWanted = false;
  let isReading = false;
  let isNavigating = false;
  const start = () => {
    if (!isWanted || isReading || isNavigating) return;
    isWanted = false;
    isReading = true;
    const done = () => {
      isReading = false;
      start();
    };
    revalidate().then(done, done);
  };
  return {
    refresh: () => {
      isWanted = true;
      start();
    },
    setNavigating: (value) => {
      isNavigating = value;
      start();
    },
  };
}
