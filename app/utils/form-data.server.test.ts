import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  FORM_MAX_BYTES,
  FormRefusedError,
  isPayloadTooLarge,
  parseForm,
  PayloadTooLargeError,
  readForm,
  readFormData,
} from "./form-data.server";

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request("http://x.test/contact", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
  });
const urlencoded = (body: string | Uint8Array) => post(body as BodyInit, "application/x-www-form-urlencoded");

async function refusal(request: Request, maxBytes = FORM_MAX_BYTES) {
  try {
    await readFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof FormRefusedError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the body was accepted");
}

describe("readFormData", () => {
  test("reads urlencoded and multipart forms", async () => {
    const form = await readFormData(urlencoded("name=Ana+Mar%C3%ADa&topic=general"), FORM_MAX_BYTES);
    expect(form.get("name")).toBe("Ana María");
    const multipart = new FormData();
    multipart.set("message", "hello é");
    multipart.set("file", new File([new Uint8Array([0, 255, 1])], "id.pdf", { type: "application/pdf" }));
    const read = await readFormData(new Request("http://x.test/", { method: "POST", body: multipart }), 1024);
    expect(read.get("message")).toBe("hello é");
    expect(read.get("file")).toBeInstanceOf(File);
  });

  test("an empty body is an empty form, whatever its content type", async () => {
    expect([...(await readFormData(post(null), FORM_MAX_BYTES))]).toEqual([]);
    expect([...(await readFormData(post(""), FORM_MAX_BYTES))]).toEqual([]);
  });

  test("refuses a body over the limit with 413, declared or streamed", async () => {
    expect(await refusal(urlencoded(`message=${"a".repeat(200 * 1024)}`))).toEqual({
      status: 413,
      message: "The request is too large: at most 64 KB is accepted.",
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 100; i += 1) controller.enqueue(new Uint8Array(1024).fill(97));
        controller.close();
      },
    });
    const streamed = new Request("http://x.test/", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect((await refusal(streamed)).status).toBe(413);
    expect(
      (await refusal(post("a=1", "application/x-www-form-urlencoded", { "content-length": "99999999" }))).status,
    ).toBe(413);
  });

  test.each([
    ["a missing content type", post("a=1")],
    ["text/plain", post("a=1", "text/plain")],
    ["JSON", post('{"a":1}', "application/json")],
    ["a broken multipart boundary", post("--nope\r\n\r\nx", "multipart/form-data; boundary=other")],
    ["multipart without a boundary", post("--x\r\n", "multipart/form-data")],
    ["a broken percent escape", urlencoded("name=%zz")],
    ["percent-encoded invalid UTF-8", urlencoded("name=%FF%FE")],
    ["raw invalid UTF-8", urlencoded(new Uint8Array([0x6e, 0x3d, 0xc3, 0x28]))],
    ["a NUL in a value", urlencoded("name=a%00b")],
    ["a raw NUL in a value", urlencoded("name=a\u0000b")],
    ["a NUL in a name", urlencoded("na%00me=a")],
  ])("refuses %s with 400", async (_label, request) => {
    expect((await refusal(request)).status).toBe(400);
  });

  test("refuses NUL and invalid UTF-8 in a multipart text field", async () => {
    const boundary = "b0undary";
    const part = (value: Uint8Array) =>
      new Blob([
        `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`,
        value as BlobPart,
        `\r\n--${boundary}--\r\n`,
      ]);
    const multipart = (value: Uint8Array) => post(part(value), `multipart/form-data; boundary=${boundary}`);
    expect((await refusal(multipart(new Uint8Array([0x61, 0x00, 0x62])))).status).toBe(400);
    expect((await refusal(multipart(new Uint8Array([0x61, 0xff, 0x62])))).status).toBe(400);
  });
});

describe("readForm", () => {
  test("throws the refusal as a plain-text Response", async () => {
    const thrown = await readForm(urlencoded("name=a%00b")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Text fields must not contain NUL characters.");
    expect(isPayloadTooLarge(response)).toBe(false);
  });

  test("answers 413 past the limit it is given", async () => {
    const thrown = await readForm(urlencoded("a=12345"), { maxBytes: 4 }).catch((error: unknown) => error);
    expect(isPayloadTooLarge(thrown)).toBe(true);
    expect((await readForm(urlencoded("a=12345"), { maxBytes: 7 })).get("a")).toBe("12345");
    expect(new PayloadTooLargeError(FORM_MAX_BYTES)).toBeInstanceOf(FormRefusedError);
  });
});

describe("parseForm", () => {
  const Schema = z.object({
    email: z.string().trim().min(1, "validation:required").includes("@", { message: "validation:emailInvalid" }),
    note: z.string().optional(),
  });

  test("parses the form with the schema, the strings as sent", async () => {
    const valid = await parseForm(urlencoded("email=+ana%40x.test+"), Schema);
    expect(valid.status === "success" && valid.value).toEqual({ email: "ana@x.test" });
    expect((await parseForm(urlencoded("email=&note=hi"), Schema)).reply().error).toEqual({
      email: ["validation:required", "validation:emailInvalid"],
    });
    const invalid = await parseForm(urlencoded("email=ana&note=hi"), Schema);
    expect(invalid.reply({ hideFields: ["note"] })).toMatchObject({
      error: { email: ["validation:emailInvalid"] },
      initialValue: { email: "ana" },
    });
    expect(invalid.reply({ hideFields: ["note"] }).initialValue).not.toHaveProperty("note");
  });

  test("keeps readForm's refusals", async () => {
    const thrown = await parseForm(urlencoded("email=12345"), Schema, { maxBytes: 4 }).catch((error: unknown) => error);
    expect(isPayloadTooLarge(thrown)).toBe(true);
  });
});

describe("parseForm's messages for what a schema does not word", () => {
  const Schema = z.object({ name: z.string().min(1, "validation:firstNameRequired"), age: z.string() });

  test("a field missing from a hand-made post gets a message key, not zod's English", async () => {
    const missing = await parseForm(urlencoded("name=Ana"), Schema);
    expect(missing.reply().error).toEqual({ age: ["validation:fieldRequired"] });
  });

  test("a value of the wrong kind gets the invalid-value key; the schema's own messages win", async () => {
    const Typed = z.object({ count: z.string().regex(/^\d+$/), kind: z.enum(["a", "b"]), name: Schema.shape.name });
    const wrong = await parseForm(urlencoded("count=x&kind=c&name="), Typed);
    expect(wrong.reply().error).toEqual({
      count: ["validation:fieldInvalid"],
      kind: ["validation:fieldInvalid"],
      name: ["validation:firstNameRequired"],
    });
  });
});
