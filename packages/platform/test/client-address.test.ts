import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, parseConfig } from "../src/config.js";
import {
  clientAddress,
  clientKey,
  envCidrList,
  isTrustedPeer,
  parseCidrList,
  peerFacts,
} from "../src/net/client-address.js";
import { newRequestId, requestIdFor } from "../src/request.js";

// An ingress pod range, an IPv6 proxy range and one loopback proxy.
const trusted = parseCidrList("10.0.0.0/8, 2001:db8:ffff::/48, 127.0.0.1");
const many = (n: number) => Array.from({ length: n }, () => "10.0.0.1").join(", ");

describe("clientAddress: X-Forwarded-For walked from the right through trusted proxies", () => {
  it.each<[string | undefined, string | undefined, string, string]>([
    // [peer, X-Forwarded-For, client, why]
    ["203.0.113.7", "198.51.100.1", "203.0.113.7", "an untrusted peer's header is ignored"],
    ["203.0.113.7", undefined, "203.0.113.7", "no header"],
    ["10.0.0.9", undefined, "10.0.0.9", "a trusted peer without a header is the client"],
    ["10.0.0.9", "198.51.100.1", "198.51.100.1", "one trusted proxy"],
    ["10.0.0.9", "6.6.6.6, 198.51.100.1", "198.51.100.1", "a client-written left entry is ignored"],
    ["10.0.0.9", "1.1.1.1, 2.2.2.2, 3.3.3.3, 198.51.100.1", "198.51.100.1", "rotating spoofed entries"],
    ["10.0.0.9", "198.51.100.1, 10.0.0.5", "198.51.100.1", "a chain of two trusted proxies"],
    ["10.0.0.9", "6.6.6.6, 198.51.100.1, 10.0.0.5", "198.51.100.1", "spoof behind a chain"],
    ["10.0.0.9", "10.0.0.3, 10.0.0.5", "10.0.0.3", "every hop trusted: the furthest reached"],
    ["10.0.0.9", "198.51.100.1, garbage", "10.0.0.9", "malformed right-most: the peer answers"],
    ["10.0.0.9", "garbage, 10.0.0.5", "10.0.0.5", "malformed after a trusted hop: that hop answers"],
    ["10.0.0.9", "garbage, 198.51.100.1", "198.51.100.1", "malformed left of the client is never reached"],
    ["10.0.0.9", "198.51.100.1, , 10.0.0.5", "10.0.0.5", "an empty entry stops the walk"],
    ["10.0.0.9", "unknown", "10.0.0.9", "'unknown' is malformed"],
    ["10.0.0.9", "198.51.100.1:5000", "10.0.0.9", "address with port is malformed"],
    ["10.0.0.9", "2130706433", "10.0.0.9", "decimal IPv4 is malformed"],
    ["10.0.0.9", "0x7f.1", "10.0.0.9", "hex IPv4 is malformed"],
    ["10.0.0.9", `198.51.100.1, ${many(40)}`, "10.0.0.1", "the walk stops after 32 hops"],
    ["::ffff:10.0.0.9", "198.51.100.1", "198.51.100.1", "IPv4-mapped peer is trusted as IPv4"],
    ["10.0.0.9", "::ffff:198.51.100.1", "198.51.100.1", "IPv4-mapped client answered as IPv4"],
    ["::ffff:203.0.113.7", "198.51.100.1", "203.0.113.7", "IPv4-mapped untrusted peer, as IPv4"],
    ["2001:db8:ffff::1", "2a00:1450:4001::5", "2a00:1450:4001::5", "IPv6 proxy and client"],
    ["2001:db8:ffff::1", "[2a00:1450:4001::5]", "2a00:1450:4001::5", "bracketed IPv6 entry"],
    ["2001:db8:fffe::1", "2a00:1450:4001::5", "2001:db8:fffe::1", "IPv6 peer outside the range"],
    ["127.0.0.1", "198.51.100.40", "198.51.100.40", "a bare address is a single-host range"],
    ["127.0.0.2", "198.51.100.40", "127.0.0.2", "…and only that host"],
    [undefined, "198.51.100.1", "unknown", "no socket (in-process request)"],
    ["unknown", "198.51.100.1", "unknown", "unparseable peer"],
  ])("%s + %s → %s (%s)", (peer, xff, client) => {
    expect(clientAddress(peer, xff, trusted)).toBe(client);
  });

  it("no trusted proxies: the header is never read", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", [])).toBe("127.0.0.1");
  });
});

describe("clientKey: IPv4 per address, IPv6 per /64", () => {
  it.each([
    ["198.51.100.1", "198.51.100.1"],
    ["::ffff:198.51.100.1", "198.51.100.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["[2001:db8::1]", "2001:db8::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe("TRUSTED_PROXIES parsing", () => {
  it("accepts ranges and bare addresses, with spaces", () => {
    expect(parseCidrList(" 10.0.0.0/8 ,::1, 127.0.0.1,, fd00::/8 ").map((c) => c.join("/"))).toEqual([
      "10.0.0.0/8",
      "::1/128",
      "127.0.0.1/32",
      "fd00::/8",
    ]);
    expect(parseCidrList("")).toEqual([]);
  });

  it.each(["10.0.0.0/33", "ingress", "10.0.0.0/8;", "10.0.0.0/", "2130706433"])("refuses %s", (bad) => {
    expect(() => parseCidrList(bad)).toThrow(bad);
  });

  it("a bad entry stops the service with a message naming the variable and the entry", () => {
    const schema = z.object({ TRUSTED_PROXIES: envCidrList() });
    expect(() => parseConfig(schema, { TRUSTED_PROXIES: "10.0.0.0/8,ingress-nginx" })).toThrow(ConfigError);
    expect(() => parseConfig(schema, { TRUSTED_PROXIES: "10.0.0.0/8,ingress-nginx" })).toThrow(
      /TRUSTED_PROXIES: "ingress-nginx" is not an IP address or CIDR range/,
    );
    expect(parseConfig(schema, {}).TRUSTED_PROXIES).toEqual([]);
  });
});

describe("peerFacts: isTrustedPeer and clientAddress remembered per peer", () => {
  const peers = [
    undefined,
    "",
    "203.0.113.7",
    "10.0.0.9",
    "127.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:203.0.113.7",
    "2001:db8:ffff::1",
    "2001:db8:1::1",
    "[2001:db8:ffff::1]",
    "garbage",
    "0x7f.1",
  ];
  it("answers what the two functions answer, the first time and from memory", () => {
    const facts = peerFacts(trusted, 4);
    for (let round = 0; round < 3; round++)
      for (const peer of peers)
        expect(facts(peer), String(peer)).toEqual({
          trusted: isTrustedPeer(peer, trusted),
          address: clientAddress(peer, undefined, trusted),
        });
  });
  it("an untrusted peer's address is its client address whatever X-Forwarded-For says", () => {
    const facts = peerFacts(trusted);
    for (const peer of peers.filter((p) => !facts(p).trusted))
      expect(clientAddress(peer, "198.51.100.1", trusted)).toBe(facts(peer).address);
  });
});

describe("request ids", () => {
  it("are req_ and 24 hex characters, never repeated, across refills of the random pool", () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    expect(ids.every((id) => /^req_[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it("an id from a trusted proxy is kept only when safe; anyone else's is replaced", () => {
    expect(requestIdFor("edge-0123456789", true)).toBe("edge-0123456789");
    expect(requestIdFor("edge-0123456789", false)).toMatch(/^req_/);
    expect(requestIdFor("bad id\n", true)).toMatch(/^req_/);
  });
});
