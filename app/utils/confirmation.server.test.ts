import { describe, expect, test } from "vitest";
import { decideConfirmation } from "./confirmation.server";

describe("decideConfirmation", () => {
  test("--yes or -y proceeds, with or without a terminal", () => {
    for (const isInteractive of [true, false]) {
      expect(decideConfirmation({ args: ["--yes"], isInteractive })).toBe("proceed");
      expect(decideConfirmation({ args: ["backup.gz", "-y"], isInteractive })).toBe("proceed");
    }
  });

  test("without --yes, a terminal is asked and no terminal is refused", () => {
    expect(decideConfirmation({ args: [], isInteractive: true })).toBe("ask");
    expect(decideConfirmation({ args: ["backup.gz"], isInteractive: false })).toBe("refuse");
    expect(decideConfirmation({ args: ["--yess", "yes"], isInteractive: false })).toBe("refuse");
  });
});
