import { describe, expect, it } from "vitest";
import { createResolver, LOOKUPS_PER_SITE, type LookupFn, siteOf } from "../src/net/index.js";

/**
 * A seller's names whose nameserver never answers must not take every lookup the process can make: the system
 * lookup runs on libuv's four-thread pool and holds a thread for the system resolver's whole timeout. Here the
 * lookup is a stand-in that never answers for one site's names and counts how many of them run at once.
 */
describe("DNS lookups per site", () => {
  const hanging = () => {
    let running = 0;
    let most = 0;
    const calls: string[] = [];
    const release: (() => void)[] = [];
    const lookup: LookupFn = async (host) => {
      calls.push(host);
      if (!host.endsWith("blackhole.example")) return [{ address: "93.184.216.34", family: 4 }];
      running++;
      most = Math.max(most, running);
      await new Promise<void>((r) => release.push(r));
      running--;
      return [{ address: "93.184.216.35", family: 4 }];
    };
    return { lookup, calls, release, most: () => most };
  };

  it("names under one site share LOOKUPS_PER_SITE lookups at a time; other sites are not held behind them", async () => {
    const dns = hanging();
    const resolver = createResolver({ lookup: dns.lookup });
    const hostile = Array.from({ length: 12 }, (_, i) => resolver.resolve(`n${i}.blackhole.example`));
    await new Promise((r) => setTimeout(r, 20));
    expect(dns.most()).toBe(LOOKUPS_PER_SITE);
    // Another site's name resolves at once while the twelve wait.
    expect(await resolver.resolve("api.weather.example.org")).toMatchObject({ ok: true });
    // Each finished lookup hands its slot to the next waiting one: all twelve resolve, never more than two at once.
    for (let i = 0; i < 12; i++) {
      while (dns.release.length === 0) await new Promise((r) => setTimeout(r, 1));
      dns.release.shift()!();
      await new Promise((r) => setTimeout(r, 1));
    }
    const answers = await Promise.all(hostile);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(dns.most()).toBe(LOOKUPS_PER_SITE);
  });

  it("the same name asked for at once is looked up once", async () => {
    const dns = hanging();
    const resolver = createResolver({ lookup: dns.lookup });
    const same = Array.from({ length: 5 }, () => resolver.resolve("x.blackhole.example"));
    await new Promise((r) => setTimeout(r, 10));
    expect(dns.calls).toEqual(["x.blackhole.example"]);
    dns.release.shift()!();
    expect((await Promise.all(same)).every((a) => a.ok)).toBe(true);
    // Once answered, a new ask looks it up again (nothing is cached past the lookup itself).
    const again = resolver.resolve("x.blackhole.example");
    await new Promise((r) => setTimeout(r, 10));
    dns.release.shift()!();
    await again;
    expect(dns.calls).toHaveLength(2);
  });

  it("a site is the last two labels, three under a short second-level suffix", () => {
    expect(siteOf("a.b.evil.com")).toBe("evil.com");
    expect(siteOf("evil.com")).toBe("evil.com");
    expect(siteOf("api.shop.co.uk")).toBe("shop.co.uk");
    expect(siteOf("x.loja.com.br")).toBe("loja.com.br");
    expect(siteOf("localhost")).toBe("localhost");
  });
});
