import { describe, expect, it } from "vitest";
import { ListingCreateRequest, ListingPatchRequest } from "../src/index.js";

const base = {
  name: "Hourly weather",
  description: "Forecasts by the hour for any city.",
  endpoint_url: "https://weather.example.com/v1/hourly",
  category: "data.weather",
  price_amount: 0.01,
};

describe("a listing's name is one line that shows as what it is", () => {
  it.each([
    ["a right-to-left override", "Weather \u202emoc.elgoog"],
    ["a left-to-right embedding", "Weather \u202aX\u202c"],
    ["an isolate", "Weather \u2067X\u2069"],
    ["a line break inside", "Weather\nAPI"],
    ["a tab inside", "Weather\tAPI"],
    ["a line separator", "Weather\u2028API"],
    ["a C1 control", "Weather\u0085API"],
    ["DEL", "Weather\u007fAPI"],
  ])("%s is refused, on create and on edit", (_l, name) => {
    for (const r of [
      ListingCreateRequest.safeParse({ ...base, name }),
      ListingPatchRequest.safeParse({ name }),
    ]) {
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toMatch(/one line of text/);
    }
  });

  it.each([
    ["Arabic with a right-to-left mark", "طقس \u200fAPI"],
    ["Hebrew", "מזג אוויר"],
    ["an emoji", "Weather ⛅"],
    ["spaces around (trimmed)", "  Weather\n"],
  ])("%s is a name", (_l, name) => {
    expect(ListingCreateRequest.safeParse({ ...base, name }).success).toBe(true);
  });
});
