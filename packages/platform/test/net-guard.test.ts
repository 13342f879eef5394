import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ipaddr from "ipaddr.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowanceFromConfig,
  checkAddress,
  createResolver,
  createSafeHttpClient,
  hostCheckFrom,
  parseHostLiteral,
  REFUSED_CIDRS,
  SafeFetchError,
} from "../src/net/index.js";

type Hit = { method?: string; url?: string; headers: Record<string, unknown> };
function server(
  handler: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void,
) {
  const hits: Hit[] = [];
  const s: Server = createServer((req, res) => {
    hits.push({ method: req.method, url: req.url, headers: req.headers });
    handler(req, res);
  });
  return {
    hits,
    s,
    async listen() {
      await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
      return (s.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

// A server nobody may reach: every hostile target below points at it, and it must record zero hits.
const victim = server((_q, r) => r.end("secret"));
const allowed = server((req, res) => {
  if (req.url === "/redirect-private") {
    res.writeHead(302, { location: `http://127.0.0.1:${victimPort}/stolen` });
    return res.end();
  }
  if (req.url === "/redirect-loop") {
    res.writeHead(302, { location: "/redirect-loop" });
    return res.end();
  }
  if (req.url === "/big") return res.end("x".repeat(200_000));
  if (req.url === "/drip") {
    res.writeHead(200);
    const t = setInterval(() => res.write("x"), 100);
    res.on("close", () => clearInterval(t));
    return;
  }
  if (req.url === "/slow-headers") return void setTimeout(() => res.end("late"), 3000);
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ ok: true }));
});
let victimPort = 0;
let allowedPort = 0;

beforeAll(async () => {
  victimPort = await victim.listen();
  allowedPort = await allowed.listen();
});
afterAll(async () => {
  await victim.close();
  await allowed.close();
});

const client = () =>
  createSafeHttpClient({
    verifiedBy: "tollgate",
    allowHttp: true,
    timeoutMs: 1000,
    maxBodyBytes: 100_000,
    allowance: { hosts: { "seller.test": "127.0.0.1" }, cidrs: [] },
    lookup: async (host) => {
      const dns: Record<string, string[]> = {
        "private.example.com": ["10.1.2.3"],
        "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
        "metadata.example.com": ["169.254.169.254"],
        "mapped.example.com": ["::ffff:127.0.0.1"],
        // IPv4-compatible as glibc prints it, and the other ranges ipaddr.js's table alone may miss.
        "compat.example.com": ["::1.2.3.4"],
        "compat-hex.example.com": ["::7f00:1"],
        "sitelocal.example.com": ["fec0::1"],
        "nat64local.example.com": ["64:ff9b:1::a00:1"],
        "discard.example.com": ["100::1"],
        "thisnet.example.com": ["0.1.2.3"],
        "class-e.example.com": ["240.0.0.1"],
      };
      const a = dns[host];
      if (!a) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
      return a.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    },
  });

describe("addresses", () => {
  it.each([
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["::", false],
    ["fc00::1", false],
    ["fe80::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["2002:7f00:1::", false],
    ["64:ff9b::7f00:1", false],
    ["::1.2.3.4", false],
    ["::102:304", false],
    ["::7f00:1", false],
    ["::127.0.0.1", false],
    ["fec0::1", false],
    ["feff::1", false],
    ["64:ff9b:1::1", false],
    ["64:ff9b:1:ffff::1", false],
    ["100::1", false],
    ["100::ffff:ffff:ffff:ffff", false],
    ["0.1.2.3", false],
    ["0.255.255.255", false],
    ["240.0.0.1", false],
    ["255.255.255.254", false],
    ["::ffff:0.1.2.3", false],
    ["::ffff:240.0.0.1", false],
    ["2001:db8::1", false],
    ["1.2.3.4", true],
    ["::ffff:1.2.3.4", true],
    ["100:0:0:1::1", true],
    ["93.184.216.34", true],
    ["2606:4700:4700::1111", true],
  ])("%s public=%s", (ip, pub) => {
    expect(checkAddress(ip).ok).toBe(pub);
  });
  it.each([
    ["2130706433", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["[::1]", "::1"],
    ["example.com", null],
  ])("literal %s → %s", (host, ip) => {
    expect(parseHostLiteral(host)).toBe(ip);
  });
});

describe("hostile targets are refused before any connection", () => {
  const targets = () => [
    `http://127.0.0.1:${victimPort}/`,
    `http://2130706433:${victimPort}/`,
    `http://0x7f000001:${victimPort}/`,
    `http://0x7f.1:${victimPort}/`,
    `http://0177.0.0.1:${victimPort}/`,
    `http://127.1:${victimPort}/`,
    `http://[::1]:${victimPort}/`,
    `http://[::ffff:127.0.0.1]:${victimPort}/`,
    `http://[::ffff:7f00:1]:${victimPort}/`,
    `http://0.0.0.0:${victimPort}/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://10.0.0.1:${victimPort}/`,
    `http://192.168.0.1:${victimPort}/`,
    `http://100.64.0.1:${victimPort}/`,
    `http://[fc00::1]:${victimPort}/`,
    `http://[fe80::1]:${victimPort}/`,
    `http://private.example.com:${victimPort}/`,
    `http://mixed.example.com:${victimPort}/`,
    `http://metadata.example.com:${victimPort}/`,
    `http://mapped.example.com:${victimPort}/`,
    `http://[::127.0.0.1]:${victimPort}/`,
    `http://[::7f00:1]:${victimPort}/`,
    `http://[::1.2.3.4]:${victimPort}/`,
    `http://[fec0::1]:${victimPort}/`,
    `http://[64:ff9b:1::7f00:1]:${victimPort}/`,
    `http://[100::1]:${victimPort}/`,
    `http://0.0.0.1:${victimPort}/`,
    `http://0.1.2.3:${victimPort}/`,
    `http://240.0.0.1:${victimPort}/`,
    `http://[::ffff:0.0.0.1]:${victimPort}/`,
    `http://compat.example.com:${victimPort}/`,
    `http://compat-hex.example.com:${victimPort}/`,
    `http://sitelocal.example.com:${victimPort}/`,
    `http://nat64local.example.com:${victimPort}/`,
    `http://discard.example.com:${victimPort}/`,
    `http://thisnet.example.com:${victimPort}/`,
    `http://class-e.example.com:${victimPort}/`,
  ];
  it("every target fails with private_address and the victim sees nothing", async () => {
    const c = client();
    for (const url of targets()) {
      const err = await c.request(url).catch((e) => e);
      expect(err, url).toBeInstanceOf(SafeFetchError);
      expect((err as SafeFetchError).code, url).toBe("private_address");
    }
    await c.close();
    expect(victim.hits).toHaveLength(0);
  });

  it("every connection's own DNS answer is checked: a name that turns private between connections is refused", async () => {
    // One connector serves every origin; each new connection must still resolve and judge its own address.
    // The name answers a public address to the URL check, then the victim's (loopback) at the connection.
    const answers: Record<string, string[]> = {
      "rebind-a.example.com": ["93.184.216.34", "127.0.0.1"],
      "rebind-b.example.com": ["93.184.216.34", "127.0.0.1"],
    };
    const c = createSafeHttpClient({
      verifiedBy: "tollgate",
      allowHttp: true,
      timeoutMs: 1000,
      allowance: { hosts: { "seller.test": "127.0.0.1" }, cidrs: [] },
      lookup: async (host) => {
        const a = answers[host]?.shift();
        if (!a) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
        return [{ address: a, family: 4 }];
      },
    });
    // A connection to an allowed origin first, so the connector has been used before the rebinding ones.
    expect((await c.request(`http://seller.test:${allowedPort}/`)).status).toBe(200);
    for (const host of ["rebind-a.example.com", "rebind-b.example.com"]) {
      const err = await c.request(`http://${host}:${victimPort}/`).catch((e) => e);
      expect(err, host).toBeInstanceOf(SafeFetchError);
      expect((err as SafeFetchError).code, host).toBe("private_address");
    }
    await c.close();
    expect(victim.hits).toHaveLength(0);
  });

  it("a redirect to a private address is refused at that hop", async () => {
    const c = client();
    const err = await c.request(`http://seller.test:${allowedPort}/redirect-private`).catch((e) => e);
    expect((err as SafeFetchError).code).toBe("private_address");
    expect(victim.hits).toHaveLength(0);
    const loop = await c.request(`http://seller.test:${allowedPort}/redirect-loop`).catch((e) => e);
    expect((loop as SafeFetchError).code).toBe("too_many_redirects");
    await c.close();
  });

  it("oversize bodies, slow bodies and slow headers are cut off", async () => {
    const c = client();
    expect(
      ((await c.request(`http://seller.test:${allowedPort}/big`).catch((e) => e)) as SafeFetchError).code,
    ).toBe("body_too_large");
    expect(
      ((await c.request(`http://seller.test:${allowedPort}/drip`).catch((e) => e)) as SafeFetchError).code,
    ).toBe("timeout");
    expect(
      ((await c.request(`http://seller.test:${allowedPort}/slow-headers`).catch((e) => e)) as SafeFetchError)
        .code,
    ).toBe("timeout");
    await c.close();
  });

  it("unresolvable names and other schemes fail with their own codes", async () => {
    const c = client();
    expect(((await c.request("http://nowhere.example.com/").catch((e) => e)) as SafeFetchError).code).toBe(
      "dns_lookup_error",
    );
    expect(((await c.request("file:///etc/passwd").catch((e) => e)) as SafeFetchError).code).toBe(
      "scheme_not_allowed",
    );
    const strict = createSafeHttpClient({ verifiedBy: "tollgate" });
    expect(
      ((await strict.request(`http://seller.test:${allowedPort}/`).catch((e) => e)) as SafeFetchError).code,
    ).toBe("scheme_not_allowed");
    await strict.close();
    await c.close();
  });
});

describe("the allowance", () => {
  it("lets exactly the mapped host through, with X-Verified-By", async () => {
    const c = client();
    const before = allowed.hits.length;
    const res = await c.request(`http://seller.test:${allowedPort}/ok`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(allowed.hits[before]?.headers["x-verified-by"]).toBe("tollgate");
    // The same server by its literal address is still refused.
    const err = await c.request(`http://127.0.0.1:${allowedPort}/ok`).catch((e) => e);
    expect((err as SafeFetchError).code).toBe("private_address");
    await c.close();
  });

  it("is refused in production config", () => {
    expect(() =>
      allowanceFromConfig({
        NODE_ENV: "production",
        SSRF_ALLOW_HOSTS: "a.test=127.0.0.1",
        SSRF_ALLOW_CIDRS: "",
      }),
    ).toThrow(/production/);
    expect(
      allowanceFromConfig({ NODE_ENV: "test", SSRF_ALLOW_HOSTS: "a.test=127.0.0.1", SSRF_ALLOW_CIDRS: "" }),
    ).toEqual({
      hosts: { "a.test": "127.0.0.1" },
      cidrs: [],
    });
  });

  it("resolver: DNS answers with any private address are refused; public ones pass", async () => {
    const r = createResolver({
      lookup: async (h) =>
        h === "ok.test" ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "10.0.0.1", family: 4 }],
    });
    expect((await r.resolve("ok.test")).ok).toBe(true);
    expect(await r.resolve("bad.test")).toMatchObject({ ok: false, reason: "private_address" });
  });

  it("the prober's egress NetworkPolicy excludes every refused range (IPv4 and IPv6)", () => {
    const policy = readFileSync(new URL("../../../k8s/base/egress-prober.yaml", import.meta.url), "utf8");
    const excepted = new Set([...policy.matchAll(/^\s*- ([0-9a-f.:]+\/\d+)/gm)].map((m) => m[1]));
    expect(REFUSED_CIDRS.filter((cidr) => !excepted.has(cidr))).toEqual([]);
  });

  it("submission host check: a DNS answer inside any refused range is refused, naming the range", async () => {
    // The last address of each range too: a check that only looked at the network address would pass it.
    const last = (cidr: string) => {
      const [net, bits] = ipaddr.parseCIDR(cidr);
      const bytes = net.toByteArray();
      for (let i = Number(bits); i < bytes.length * 8; i++) bytes[i >> 3]! |= 0x80 >> (i & 7);
      return ipaddr.fromByteArray(bytes).toString();
    };
    for (const cidr of REFUSED_CIDRS)
      for (const address of [cidr.split("/")[0]!, last(cidr)]) {
        const check = hostCheckFrom(
          createResolver({ lookup: async () => [{ address, family: address.includes(":") ? 6 : 4 }] }),
        );
        const r = await check("seller.example.com");
        expect(r, `${address} in ${cidr}`).toMatchObject({
          ok: false,
          reason: "private_address",
          message: expect.stringContaining(cidr),
        });
      }
  });
});
