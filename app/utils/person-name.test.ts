import { describe, expect, test } from "vitest";
import { initialsOf, shortName } from "./person-name";

describe("person names", () => {
  test("a short name is the first name and the last initial", () => {
    expect(shortName("Jordan", "Rivera")).toBe("Jordan R.");
    expect(shortName("Maria", "Gonzalez")).toBe("Maria G.");
    expect(shortName("Michael", "o'Brien")).toBe("Michael O.");
    expect(shortName(" Ana ", " ")).toBe("Ana");
  });

  test("initials are the first letters of both names", () => {
    expect(initialsOf("Ji-woo", "Park")).toBe("JP");
    expect(initialsOf("ana", "")).toBe("A");
  });
});
