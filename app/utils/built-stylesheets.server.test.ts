import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBuiltStylesheet } from "./built-stylesheets.server";

describe("readBuiltStylesheet", () => {
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), "tendly-client-"));
    await mkdir(path.join(clientDir, "assets"));
    await writeFile(path.join(clientDir, "assets", "app-abc.css"), "body{color:red}");
    await writeFile(path.join(clientDir, "assets", "entry.js"), "alert(1)");
    await writeFile(path.join(path.dirname(clientDir), "outside.css"), "secret{}");
  });
  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
    await rm(path.join(path.dirname(clientDir), "outside.css"), { force: true });
  });

  it("reads a style sheet of the build by its URL, once", async () => {
    expect(await readBuiltStylesheet("/assets/app-abc.css", clientDir)).toBe("body{color:red}");
    await writeFile(path.join(clientDir, "assets", "app-abc.css"), "changed{}");
    // Built files never change under a running server: the first read stands.
    expect(await readBuiltStylesheet("/assets/app-abc.css", clientDir)).toBe("body{color:red}");
  });

  it("answers undefined for a missing file, so the page links it instead", async () => {
    expect(await readBuiltStylesheet("/assets/missing.css", clientDir)).toBeUndefined();
  });

  it("reads nothing outside the build or other than CSS", async () => {
    expect(await readBuiltStylesheet("/../outside.css", clientDir)).toBeUndefined();
    expect(await readBuiltStylesheet("/assets/%2e%2e/%2e%2e/outside.css", clientDir)).toBeUndefined();
    expect(await readBuiltStylesheet("/assets/entry.js", clientDir)).toBeUndefined();
  });
});
