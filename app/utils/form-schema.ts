import type { $ZodErrorMap } from "zod/v4/core";

/**
 * The message of a schema's issue that the schema does not word itself: a field missing from a
 * hand-made post, a value of the wrong kind. Each schema names its own messages by key
 * (docs/decisions/0025-messages-as-keys.md); this map keeps zod's English wording out of a form
 * in Spanish for the rest. Used by parseForm on the server and useSchemaForm in the browser.
 */
export const schemaErrorMap: $ZodErrorMap = (issue) =>
  issue.input === undefined || issue.input === "" ? "validation:fieldRequired" : "validation:fieldInvalid";
