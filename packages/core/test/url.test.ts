import { describe, expect, it } from "vitest";
import { canonicalEndpoint, isEphemeralHost, registeredDomain, routePatternIn } from "../src/index.js";

describe("canonicalEndpoint", () => {
  it.each([
    ["https://API.Example.com:443/v1/weather/", "https://api.example.com/v1/weather"],
    ["https://api.example.com/v1/weather#frag", "https://api.example.com/v1/weather"],
    ["https://api.example.com/v1?b=2&a=1", "https://api.example.com/v1?a=1&b=2"],
    ["https://api.example.com", "https://api.example.com/"],
    ["https://api.example.com:8443/x", "https://api.example.com:8443/x"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalEndpoint(input)).toBe(expected);
  });
  it("treats differently-written URLs of one endpoint as equal", () => {
    expect(canonicalEndpoint("https://A.com/x/")).toBe(canonicalEndpoint("https://a.com:443/x#y"));
  });
  it("decodes percent-encoded unreserved characters of the path and upper-cases the hex of the others (RFC 3986 §6.2.2)", () => {
    const paid = canonicalEndpoint("https://a.com/v1/paid");
    expect(canonicalEndpoint("https://a.com/v1/%70aid")).toBe(paid);
    expect(canonicalEndpoint("https://a.com/v1/p%61%69d/")).toBe(paid);
    expect(canonicalEndpoint("https://a.com/v1/%7euser/x%2Dy%5Fz%2E1")).toBe(
      "https://a.com/v1/~user/x-y_z.1",
    );
    expect(canonicalEndpoint("https://a.com/v1/a%2fb")).toBe("https://a.com/v1/a%2Fb");
    expect(canonicalEndpoint("https://a.com/v1/caf%c3%a9")).toBe(canonicalEndpoint("https://a.com/v1/café"));
    expect(canonicalEndpoint("https://a.com/v1/x?q=%70&r=%7e")).toBe(
      canonicalEndpoint("https://a.com/v1/x?r=~&q=p"),
    );
  });
  it.each([
    ["a reserved character encoded", "https://a.com/v1/a%2Fb", "https://a.com/v1/a/b"],
    ["another reserved character encoded", "https://a.com/v1/a%3Bb", "https://a.com/v1/a;b"],
    ["another path case", "https://a.com/V1/PAID", "https://a.com/v1/paid"],
    ["an empty segment", "https://a.com//v1/paid", "https://a.com/v1/paid"],
    ["a query", "https://a.com/v1/paid?a=1", "https://a.com/v1/paid"],
  ])("keeps endpoints apart that may be different resources: %s", (_what, a, b) => {
    expect(canonicalEndpoint(a)).not.toBe(canonicalEndpoint(b));
  });
});

describe("routePatternIn", () => {
  it.each([
    "https://a.com/users/{id}",
    "https://a.com/users/:id",
    "https://a.com/files/*",
    "https://a.com/posts/[...slug]",
    "https://a.com/posts/[id]",
    "https://a.com/users/%7Bid%7D",
    "https://a.com/users/<id>",
  ])("%s is a pattern", (url) => {
    expect(routePatternIn(url)).not.toBeNull();
  });
  it.each(["https://a.com/v1/weather?city=paris", "https://a.com/price:usd", "https://a.com/a-b_c/1"])(
    "%s is concrete",
    (url) => {
      expect(routePatternIn(url)).toBeNull();
    },
  );
});

describe("registeredDomain", () => {
  it.each([
    ["api.example.com", "example.com"],
    ["deep.api.example.co.uk", "example.co.uk"],
    ["example.com", "example.com"],
    ["myapp.vercel.app", "myapp.vercel.app"],
    ["api.myapp.vercel.app", "myapp.vercel.app"],
    ["someone.github.io", "someone.github.io"],
    ["api.example.com..", "example.com"],
    ["[2606:4700:10::1]", "[2606:4700:10:0::]/64"],
    ["[2606:4700:10:0:ffff:1:2:3]", "[2606:4700:10:0::]/64"],
    ["93.184.216.34", "93.184.216.34"],
  ])("%s counts as %s", (host, domain) => {
    expect(registeredDomain(host)).toBe(domain);
  });
});

describe("isEphemeralHost", () => {
  it("recognises tunnel hosts", () => {
    expect(isEphemeralHost("abc.ngrok-free.app")).toBe(true);
    expect(isEphemeralHost("x.trycloudflare.com")).toBe(true);
    expect(isEphemeralHost("api.example.com")).toBe(false);
  });
});
