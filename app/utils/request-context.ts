import { createContext } from "react-router";

/** Per-request values the HTTP host hands to React Router. */
export type RequestValues = { cspNonce: string };

export const requestValuesContext = createContext<RequestValues>({ cspNonce: "" });

/**
 * What the language and the display preferences are read from: a Fetch `Request`, or the same facts of an
 * HTTP request before React Router has made one (the page cache, docs/decisions/0043-rendered-page-cache.md).
 */
export type RequestLike = { url: string; headers: Pick<Headers, "get"> };
