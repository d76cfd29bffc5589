import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/** False on the server and in the first (hydrating) render, true once JavaScript runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, onClient, onServer);
}
