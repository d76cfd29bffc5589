import { useEffect, type RefObject } from "react";
import { fetchZipPlace } from "~/utils/zip-place";

/**
 * Fills a form's City and State from its ZIP code once five digits are typed
 * (GET /api/zip-codes/{zip}). A field the person typed into is left alone;
 * one this hook filled follows a corrected ZIP. Input events are dispatched,
 * so browser drafts keep the filled values.
 */
export function useZipAutofill(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const zipInput = form.elements.namedItem("zipCode");
    const city = form.elements.namedItem("city");
    const state = form.elements.namedItem("state");
    if (!(zipInput instanceof HTMLInputElement) || !(city instanceof HTMLInputElement)) return;
    if (!(state instanceof HTMLSelectElement)) return;
    const filled = new Map<HTMLInputElement | HTMLSelectElement, string>();
    let pending: AbortController | undefined;

    const fill = (field: HTMLInputElement | HTMLSelectElement, value: string) => {
      // Typed by the person (not empty, not what we filled): theirs to keep.
      if (field.value && field.value !== filled.get(field)) return;
      if (field instanceof HTMLSelectElement && !Array.from(field.options).some((option) => option.value === value))
        return;
      field.value = value;
      filled.set(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const onZip = async () => {
      const zip = zipInput.value.trim().slice(0, 5);
      if (!/^\d{5}$/.test(zip)) return;
      pending?.abort();
      pending = new AbortController();
      // Unknown, offline or aborted: the person types City and State themselves.
      const place = await fetchZipPlace(zip, pending.signal);
      if (!place) return;
      fill(city, place.city);
      fill(state, place.state);
    };
    zipInput.addEventListener("input", onZip);
    return () => {
      zipInput.removeEventListener("input", onZip);
      pending?.abort();
    };
  }, [formRef]);
}
