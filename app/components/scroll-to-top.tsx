import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Navigation (docs/product-rules.md, "Public site and header"): pages scroll to the top when the path or query changes and there
 * is no hash. Only for PUSH and REPLACE navigations: on back/forward (POP)
 * React Router's <ScrollRestoration> puts the earlier position back, and with
 * a hash it scrolls to the anchor.
 */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (hash || navigationType === "POP") return;
    window.scrollTo(0, 0);
    // Only a change of path or query counts, not of hash or navigation type.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [pathname, search]);
  return null;
}
