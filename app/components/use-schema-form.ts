import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import { schemaErrorMap } from "~/utils/form-schema";

// The browser's half of a form (docs/architecture.md, "How a form is built"): the schema the
// action parses with (parseForm) checks the form before it is sent, gives each field its
// constraints (required, minLength, maxLength, pattern…), and the action's `submission.reply()`
// brings the server's field errors and the typed values back, with JavaScript or without. Pass
// `fields.<name>` to the kit's fields as `field`; they take the name, the constraints, the value
// and the first error, translated.

type ObjectSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

export function useSchemaForm<Schema extends ObjectSchema>(
  schema: Schema,
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    id?: string;
    /** When errors are checked again after the first send: by default at the next send. */
    shouldRevalidate?: "onSubmit" | "onInput" | "onBlur";
  } = {},
) {
  return useForm<input<Schema>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: options.shouldRevalidate ?? "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true, error: schemaErrorMap }),
  });
}
