import { createInterface } from "node:readline/promises";

export type ConfirmationDecision = "proceed" | "ask" | "refuse";

/** --yes (or -y) proceeds; otherwise a person at a terminal is asked, and anything else is refused. */
export function decideConfirmation(options: { args: readonly string[]; isInteractive: boolean }): ConfirmationDecision {
  if (options.args.includes("--yes") || options.args.includes("-y")) return "proceed";
  return options.isInteractive ? "ask" : "refuse";
}

/**
 * Asks `question` (y/N) unless the arguments hold --yes. Without a terminal
 * to ask on and without --yes, prints `refusal` and answers false.
 */
export async function confirmDestructive(options: {
  question: string;
  refusal: string;
  args?: readonly string[];
}): Promise<boolean> {
  const decision = decideConfirmation({
    args: options.args ?? process.argv.slice(2),
    isInteractive: Boolean(process.stdin.isTTY),
  });
  if (decision === "proceed") return true;
  if (decision === "refuse") {
    console.error(options.refusal);
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`${options.question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
