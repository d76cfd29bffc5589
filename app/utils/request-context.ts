import { createContext } from "react-router";

/** Per-request values the HTTP host hands to React Router. */
export type RequestValues = { cspNonce: string };

export const requestValuesContext = createContext<RequestValues>({ cspNonce: "" });
