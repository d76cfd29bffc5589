// lru-cache 5 ships no types: the part of its API the page cache uses (app/platform/page-cache/cache.server.ts).
declare module "lru-cache" {
  type Options<K, V> = {
    /** The largest sum of `length` over the entries. */
    max?: number;
    /** An entry's share of `max` (1 unless given). */
    length?: (value: V, key: K) => number;
    /** Milliseconds after which an entry is no longer returned. */
    maxAge?: number;
  };
  export default class LRUCache<K, V> {
    constructor(options?: Options<K, V>);
    get(key: K): V | undefined;
    set(key: K, value: V): boolean;
    reset(): void;
    readonly itemCount: number;
    readonly length: number;
  }
}
