import { describe, expect, test } from "vitest";
import { createOutbox, newClientKey, type Outcome } from "./outbox";

// The outbox's rules on a machine without IndexedDB (as a private window that refuses it): the
// entries live in memory, which is the same code path but for where they are kept.

type Note = { key: string; owner: string; at: string; text: string };

function outboxWith(answer: (entry: Note) => Promise<Response> | Response) {
  const posted: string[] = [];
  const outbox = createOutbox<Note, string>({
    database: `test-${newClientKey()}`,
    store: "notes",
    keyPath: "key",
    key: (entry) => entry.key,
    owner: (entry) => entry.owner,
    writtenAt: (entry) => entry.at,
    post: async (entry) => {
      posted.push(entry.key);
      return answer(entry);
    },
    read: async (response, entry): Promise<Outcome<Note, string>> => {
      if (response.status >= 500) return { state: "waiting", entry };
      const body = (await response.json()) as { ok: boolean; text?: string; message?: string };
      return body.ok
        ? { state: "done", entry, result: body.text ?? "" }
        : { state: "refused", entry, message: body.message ?? "" };
    },
  });
  return { outbox, posted };
}

const note = (key: string, at: string, owner = "ana"): Note => ({ key, owner, at, text: `note ${key}` });
const ok = (entry: Note) => Response.json({ ok: true, text: entry.text.toUpperCase() });

describe("the outbox", () => {
  test("an entry the server takes leaves the outbox, with the server's answer", async () => {
    const { outbox } = outboxWith(ok);
    expect(await outbox.saveAndSend(note("a", "2026-12-04T10:00:00Z"))).toMatchObject({
      state: "done",
      result: "NOTE A",
    });
    expect(await outbox.pending("ana")).toEqual([]);
  });

  test("with no connection an entry waits, and a flush sends it when there is one", async () => {
    let online = false;
    const { outbox } = outboxWith((entry) => {
      if (!online) throw new TypeError("Failed to fetch");
      return ok(entry);
    });
    expect((await outbox.saveAndSend(note("a", "2026-12-04T10:00:00Z"))).state).toBe("waiting");
    expect((await outbox.pending("ana")).map((entry) => entry.key)).toEqual(["a"]);
    online = true;
    expect((await outbox.flush("ana")).map((outcome) => outcome.state)).toEqual(["done"]);
    expect(await outbox.pending("ana")).toEqual([]);
  });

  test("a refusal is final: the entry leaves with the server's words", async () => {
    const { outbox } = outboxWith(() => Response.json({ ok: false, message: "Too late" }, { status: 409 }));
    expect(await outbox.saveAndSend(note("a", "2026-12-04T10:00:00Z"))).toMatchObject({
      state: "refused",
      message: "Too late",
    });
    expect(await outbox.pending("ana")).toEqual([]);
  });

  test("a server error is no answer: the entry waits", async () => {
    const { outbox } = outboxWith(() => new Response("", { status: 503 }));
    expect((await outbox.saveAndSend(note("a", "2026-12-04T10:00:00Z"))).state).toBe("waiting");
    expect(await outbox.pending("ana")).toHaveLength(1);
  });

  test("a flush sends one person's entries, oldest first, and stops at the first that waits", async () => {
    let calls = 0;
    const { outbox, posted } = outboxWith((entry) => {
      calls += 1;
      if (calls <= 4) return new Response("", { status: 503 });
      if (calls === 6) throw new TypeError("Failed to fetch");
      return ok(entry);
    });
    await outbox.saveAndSend(note("latest", "2026-12-04T12:00:00Z"));
    await outbox.saveAndSend(note("early", "2026-12-04T09:00:00Z"));
    await outbox.saveAndSend(note("late", "2026-12-04T10:00:00Z"));
    await outbox.saveAndSend(note("other", "2026-12-04T08:00:00Z", "bea"));
    posted.length = 0;
    expect((await outbox.flush("ana")).map((outcome) => [outcome.entry.key, outcome.state])).toEqual([
      ["early", "done"],
      ["late", "waiting"],
    ]);
    expect(posted).toEqual(["early", "late"]);
    expect((await outbox.pending("ana")).map((entry) => entry.key)).toEqual(["late", "latest"]);
    expect((await outbox.pending("bea")).map((entry) => entry.key)).toEqual(["other"]);
  });

  test("the same entry sent twice at once is posted once", async () => {
    const answered = Promise.withResolvers<void>();
    const { outbox, posted } = outboxWith(async (entry) => {
      await answered.promise;
      return ok(entry);
    });
    const entry = note("a", "2026-12-04T10:00:00Z");
    const first = outbox.saveAndSend(entry);
    const second = outbox.flush("ana");
    await new Promise((resolve) => setImmediate(resolve));
    answered.resolve();
    expect((await first).state).toBe("done");
    expect((await second).map((outcome) => outcome.state)).toEqual(["done"]);
    expect(posted).toEqual(["a"]);
  });

  test("a flush that meets a send begun with no connection waits for it, then tries again", async () => {
    let online = false;
    const failed = Promise.withResolvers<void>();
    const { outbox, posted } = outboxWith(async (entry) => {
      if (!online) {
        await failed.promise;
        throw new TypeError("Failed to fetch");
      }
      return ok(entry);
    });
    const first = outbox.saveAndSend(note("a", "2026-12-04T10:00:00Z"));
    await new Promise((resolve) => setImmediate(resolve));
    // The connection comes back while the first send is still failing.
    online = true;
    const flushed = outbox.flush("ana");
    failed.resolve();
    expect((await first).state).toBe("waiting");
    expect((await flushed).map((outcome) => outcome.state)).toEqual(["done"]);
    expect(posted).toEqual(["a", "a"]);
    expect(await outbox.pending("ana")).toEqual([]);
  });

  test("a client key is a version 4 UUID", () => {
    expect(newClientKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
