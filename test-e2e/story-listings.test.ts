import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness/world.js";

// The first story, against the api running as its own process on a fresh database:
// submit → read → edit → resolve → discover → delist → resolve again.
let world: World;
let api: string;
beforeAll(async () => {
  world = createWorld({
    // The endpoint's host "resolves" through the guard's explicit non-production allowance.
    SSRF_ALLOW_HOSTS: "weather.story.test=203.0.113.10",
    ALLOW_HTTP_ENDPOINTS: "false",
  });
  await world.start("api");
  api = world.url("api");
});
afterAll(() => world.stop());

// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe("listing story", () => {
  it("submit → read → edit → resolve → discover → delist → resolve again", async () => {
    const endpoint = "https://weather.story.test/v1/forecast";
    const created = await json(
      await fetch(`${api}/v1/listings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Story weather",
          description: "Seven-day weather forecast for any city",
          endpoint_url: endpoint,
          category: "data.weather",
          price_amount: 0.002,
        }),
      }),
    );
    expect(created.status).toBe(201);
    const { id, claim_token } = created.body;

    const read = await json(await fetch(`${api}/v1/listings/${id}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, status: "unverified", endpoint_url: endpoint, chains: ["base"] });

    const edited = await json(
      await fetch(`${api}/v1/listings/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", "x-claim-token": claim_token },
        body: JSON.stringify({
          price_amount: 0.003,
          description: "Seven-day weather forecast, hourly detail",
        }),
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.price_amount).toBe(0.003);

    const resolved = await json(await fetch(`${api}/v1/resolve?url=${encodeURIComponent(endpoint)}`));
    expect(resolved.body.match).toBe("active");
    expect(resolved.body.detail.id).toBe(id);

    const found = await json(await fetch(`${api}/v1/discover?q=${encodeURIComponent("weather forecast")}`));
    expect(found.body.results.map((r: { id: string }) => r.id)).toContain(id);

    const delisted = await fetch(`${api}/v1/listings/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${claim_token}` },
    });
    expect(delisted.status).toBe(200);

    const again = await json(await fetch(`${api}/v1/resolve?url=${encodeURIComponent(endpoint)}`));
    expect(again.body.match).toBe("delisted");
    expect((await fetch(`${api}/v1/listings/${id}`)).status).toBe(404);
    const gone = await json(await fetch(`${api}/v1/discover?q=${encodeURIComponent("weather forecast")}`));
    expect(gone.body.results.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it("a bad environment value stops a service with a message naming the variable", async () => {
    await expect(world.start("api", { API_PORT: "not-a-port" })).rejects.toThrow(/API_PORT/);
  });
});
