import { createContext, useContext } from "react";

// The CSP nonce of this response, for the few inline scripts we render.
// It is empty in the browser: browsers hide nonce attributes after parsing.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
