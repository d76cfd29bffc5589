// The browser's side of an idempotency key (docs/decisions/0019-idempotency-keys.md)
// for a form sent by script: made when the form opens, kept in the tab's
// sessionStorage so that a second click, a retry after a lost answer and a
// reload send the same key, and forgotten once the thing is created, so that
// the next submission is a new one.

const PREFIX = "tendly.submission-key.";

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the key lives as long as the page.
    return undefined;
  }
}

const inMemory = new Map<string, string>();

/** The form's key, made on first use. */
export function submissionKey(name: string): string {
  const store = storage();
  const existing = store?.getItem(PREFIX + name) ?? inMemory.get(name);
  if (existing) return existing;
  const key = crypto.randomUUID();
  inMemory.set(name, key);
  store?.setItem(PREFIX + name, key);
  return key;
}

/** After a success: the next submission gets a new key. */
export function forgetSubmissionKey(name: string): void {
  inMemory.delete(name);
  storage()?.removeItem(PREFIX + name);
}
