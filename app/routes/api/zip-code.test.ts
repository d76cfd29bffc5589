import { describe, expect, test } from "vitest";
import { loader } from "./zip-code";

type LoaderArgs = Parameters<typeof loader>[0];
const ask = async (zip: string) => {
  const result = (await loader({ params: { zip } } as unknown as LoaderArgs)) as unknown as {
    data: Record<string, string>;
    init: ResponseInit | null;
  };
  return { body: result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) };
};

describe("GET /api/zip-codes/:zip", () => {
  test("answers a known ZIP code's city, state and time zone, cacheable", async () => {
    const answer = await ask("60614");
    expect(answer.body).toEqual({ zip: "60614", city: "Chicago", state: "IL", timeZone: "America/Chicago" });
    // The zone of the place, not of its state: El Paso TX is on Mountain time.
    expect((await ask("79901")).body.timeZone).toBe("America/Denver");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  test("refuses what is not five digits, and says when a ZIP code is unknown", async () => {
    expect(await ask("6061")).toMatchObject({ status: 400, body: { error: "A ZIP code has 5 digits." } });
    expect(await ask("60614-1234")).toMatchObject({ status: 400 });
    expect(await ask("00000")).toMatchObject({ status: 404, body: { error: "Unknown ZIP code." } });
  });
});
