import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, SERVICE_NODE_FLAGS, SERVICE_PROCESS_ENV, type ServiceName } from "@tollgate/devnet";
import { demandFromConfig } from "@tollgate/platform";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEnvSchema } from "../../services/api/src/config.js";
import { chainIndexerEnvSchema } from "../../services/chain-indexer/src/config.js";
import { demandAggregatorEnvSchema } from "../../services/demand-aggregator/src/config.js";
import { mcpEnvSchema } from "../../services/mcp/src/config.js";
import { proberEnvSchema } from "../../services/prober/src/config.js";
import { scoutEnvSchema } from "../../services/scout-buyer/src/config.js";
import {
  composeServices,
  dockerStages,
  hasKubectl,
  type K8sObject,
  OVERLAYS,
  renderOverlay,
  stageEnv,
  stageUser,
} from "./artifacts.js";

// The Dockerfile, infra/docker-compose.yml and the rendered k8s overlays agree with each other and with the
// services: every image is a Dockerfile target, every variable a service is given is one its config schema
// reads, every variable it requires is given, and the whole environment passes its production checks (secret
// values, which live in a secret store, stand in as the samples below).

interface EnvSchema {
  shape: Record<string, { safeParse(v: unknown): { success: boolean } }>;
  safeParse(env: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}
const SCHEMAS: Record<string, EnvSchema> = {
  api: apiEnvSchema,
  mcp: mcpEnvSchema,
  prober: proberEnvSchema,
  "scout-buyer": scoutEnvSchema,
  "chain-indexer": chainIndexerEnvSchema,
  "demand-aggregator": demandAggregatorEnvSchema,
};
/** The migrate CLI (packages/db/src/cli.ts) reads DATABASE_URL and nothing else. */
const MIGRATE_ENV = ["DATABASE_URL"];
/** Services that hash client addresses with DEMAND_SALT (production refuses the public default). */
const SALTED = new Set(["api", "mcp"]);
const SERVICES = Object.keys(SCHEMAS);

/** What a secret store would hold for each key the artifacts leave to it. */
const SAMPLE_SECRETS: Record<string, string> = {
  DATABASE_URL: "postgres://tollgate:pw@db.internal:5432/tollgate",
  REDIS_URL: "redis://:pw@redis.internal:6379",
  SIGNING_KEY_JWK: JSON.stringify({
    kty: "OKP",
    crv: "Ed25519",
    x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
    d: "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
  }),
  SIGNING_KEYS_RETIRED_JWK: "[]",
  DEMAND_SALT: "a-secret-salt-from-the-store",
  OPERATOR_PAY_TO: "0x1111111111111111111111111111111111111111",
  FACILITATOR_URL: "https://facilitator.example",
  CHAIN_RPC_URL: "https://base-rpc.example/key",
  SCOUT_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
};

/** A container's env entry as the manifests write it. */
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, { name: string; key: string; optional?: boolean }>;
}

interface Given {
  name: string;
  value: string | undefined;
  /** The pod (or container) starts without it (an optional secret or config key). */
  optional: boolean;
}

/** Problems with one service's environment; empty when it is sound. */
function envProblems(service: string, given: Given[]): string[] {
  const names = given.map((g) => g.name);
  const problems: string[] = [];
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  if (dupes.length) problems.push(`set twice: ${dupes.join(", ")}`);
  if (service === "migrate") {
    const unknown = names.filter((n) => !MIGRATE_ENV.includes(n));
    if (unknown.length) problems.push(`not read by the migrate CLI: ${unknown.join(", ")}`);
    if (!names.includes("DATABASE_URL")) problems.push("DATABASE_URL not given");
    return problems;
  }
  const schema = SCHEMAS[service];
  if (!schema) return [`no config schema for ${service}`];
  const unknown = names.filter((n) => !(n in schema.shape));
  if (unknown.length) problems.push(`not in its config schema: ${unknown.join(", ")}`);
  const required = Object.keys(schema.shape).filter((k) => !schema.shape[k]!.safeParse(undefined).success);
  const missing = required.filter((k) => !given.some((g) => g.name === k && !g.optional));
  if (missing.length) problems.push(`required but not given: ${missing.join(", ")}`);
  if (given.find((g) => g.name === "NODE_ENV")?.value !== "production")
    problems.push("NODE_ENV is not production");
  // With only what the pod is sure to get, and with every optional key present too.
  for (const [label, set] of [
    ["required keys only", given.filter((g) => !g.optional)],
    ["all keys", given],
  ] as const) {
    const env = Object.fromEntries(set.map((g) => [g.name, g.value]));
    const parsed = schema.safeParse(env);
    if (!parsed.success) {
      const issues = parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
      problems.push(`refused in production (${label}): ${issues.join("; ")}`);
    } else if (SALTED.has(service)) {
      try {
        demandFromConfig(parsed.data as Parameters<typeof demandFromConfig>[0]);
      } catch (err) {
        problems.push(`refused in production (${label}): ${(err as Error).message}`);
      }
    }
  }
  return problems;
}

const stages = dockerStages();

describe("Dockerfile", () => {
  it.each([...SERVICES, "migrate"])("has a %s target: non-root, only its bundle, node dist/…", (target) => {
    const stage = stages.get(target);
    expect(stage, `no "FROM … AS ${target}" stage`).toBeDefined();
    expect(stageUser(stages, target)).toBe("node");
    // Only the service's own production bundle is copied in (no workspace, no dev dependencies).
    expect(stage?.copies).toEqual([`--from=build /src/dist/bundles/${target} /app`]);
    // With the node flags the devnet starts it with (`pnpm start`, tests, benchmarks).
    expect(stage?.cmd).toEqual(
      target === "migrate"
        ? ["node", "dist/cli.js", "migrate"]
        : ["node", ...(SERVICE_NODE_FLAGS[target as ServiceName] ?? []), "dist/main.js"],
    );
  });
  it.each(SERVICES)("runs %s as the devnet runs it (MALLOC_ARENA_MAX and the like)", (target) => {
    // The same process settings in the image (k8s, compose) as in `pnpm start`, tests and benchmarks.
    expect(stageEnv(stages, target)).toMatchObject(SERVICE_PROCESS_ENV);
    expect(SERVICE_PROCESS_ENV.MALLOC_ARENA_MAX).toBe("2");
  });
  it.each(["api", "mcp"])("runs %s with its heap's growth held to half its live size", (target) => {
    expect(stages.get(target)?.cmd).toContain("--heap-growing-percent=50");
  });
  it("has an anvil target copying the anvil version packages/devnet pins", () => {
    const devnet = JSON.parse(
      readFileSync(path.join(ROOT, "packages", "devnet", "package.json"), "utf8"),
    ) as {
      dependencies: Record<string, string>;
    };
    const version = devnet.dependencies["@foundry-rs/anvil-linux-amd64"];
    expect(stages.get("anvil")?.copies.join(" ")).toContain(`/@foundry-rs+anvil-linux-amd64@${version}/`);
  });
});

describe("infra/docker-compose.yml", () => {
  const services = composeServices();
  /** `${VAR:-default}`: the default, or what the operator must set (a sample secret). */
  const resolve = (raw: string) => {
    const m = /^\$\{(\w+)(?::?-([^}]*))?\}$/.exec(raw);
    if (!m) return { value: raw, optional: false };
    return { value: m[2] || SAMPLE_SECRETS[m[1]!], optional: false };
  };

  it("builds every image from a Dockerfile target of the same name", () => {
    const built = Object.entries(services).filter(([, s]) => s.build);
    expect(built.map(([n]) => n).sort()).toEqual([...SERVICES, "migrate", "anvil"].sort());
    for (const [name, s] of built) {
      expect(stages.has(s.build?.target ?? ""), `${name}: target ${s.build?.target}`).toBe(true);
      expect(s.build?.target).toBe(name);
      expect(s.image?.split(":")[0]).toBe(`tollgate/${name}`);
    }
  });

  it.each([...SERVICES, "migrate"])("gives %s exactly what its config reads and requires", (name) => {
    const env = services[name]?.environment ?? {};
    const given = Object.entries(env).map(([k, v]) => ({ name: k, ...resolve(String(v)) }));
    expect(envProblems(name, given)).toEqual([]);
  });

  it("starts the services after the migrate job succeeded", () => {
    for (const name of SERVICES)
      expect(services[name]?.depends_on?.migrate).toEqual({ condition: "service_completed_successfully" });
  });
});

describe.skipIf(!hasKubectl())("k8s overlays (kubectl kustomize)", () => {
  describe.each(OVERLAYS)("%s", (overlay) => {
    let objects: K8sObject[];
    beforeAll(() => {
      objects = renderOverlay(overlay);
    });
    const find = (kind: string, name: string) =>
      objects.find((o) => o.kind === kind && o.metadata.name === name);
    const workloads = () =>
      objects
        .filter((o) => o.kind === "Deployment" || o.kind === "Job")
        .flatMap((o) =>
          (
            o.spec.template.spec.containers as {
              name: string;
              image: string;
              args?: string[];
              env?: unknown[];
              envFrom?: unknown[];
            }[]
          ).map((c) => ({ owner: o, container: c })),
        );

    it("runs every image from a Dockerfile target of the same name, with its CMD", () => {
      const images = workloads().map(({ owner, container }) => {
        const [repo, tag] = container.image.split(":");
        const target = repo?.replace(/^tollgate\//, "") ?? "";
        expect(
          stages.has(target),
          `${owner.metadata.name}: image ${container.image} has no Dockerfile target`,
        ).toBe(true);
        expect(tag, `${container.image} has no tag`).toBeTruthy();
        expect(container.args).toEqual(stages.get(target)?.cmd);
        return target;
      });
      expect([...new Set(images)].sort()).toEqual([...SERVICES, "migrate"].sort());
    });

    it("gives each service exactly what its config reads and requires", () => {
      const problems: string[] = [];
      for (const { owner, container } of workloads()) {
        const service = owner.kind === "Job" ? "migrate" : owner.metadata.name;
        if (container.envFrom) problems.push(`${service}: envFrom hands over keys nobody listed`);
        const given = ((container.env ?? []) as EnvVar[]).map(({ name, value, valueFrom }): Given => {
          if (!valueFrom) return { name, value, optional: false };
          const [kind, ref] = Object.entries(valueFrom)[0]!;
          const source = find(kind === "configMapKeyRef" ? "ConfigMap" : "Secret", ref.name);
          const stored = source?.data?.[ref.key] ?? source?.stringData?.[ref.key];
          if (kind === "configMapKeyRef" && stored === undefined && !ref.optional)
            problems.push(`${service}: ConfigMap ${ref.name} has no ${ref.key}`);
          if (kind === "secretKeyRef" && stored === undefined && !(ref.key in SAMPLE_SECRETS))
            problems.push(`${service}: no sample for secret key ${ref.key} (add it to SAMPLE_SECRETS)`);
          return { name, value: stored ?? SAMPLE_SECRETS[ref.key], optional: ref.optional === true };
        });
        problems.push(...envProblems(service, given).map((p) => `${service}: ${p}`));
      }
      expect(problems).toEqual([]);
    });

    it("leaves the replica count of every autoscaled Deployment to its autoscaler", () => {
      // A fixed spec.replicas would be put back by every apply, fighting the HPA or KEDA until it rescales.
      const scaled = objects.flatMap((o) =>
        o.kind === "HorizontalPodAutoscaler" || o.kind === "ScaledObject" ? [o.spec.scaleTargetRef.name] : [],
      );
      expect([...scaled].sort()).toEqual(["api", "mcp", "prober", "scout-buyer"]);
      for (const name of scaled) expect(find("Deployment", name)?.spec.replicas, name).toBeUndefined();
      const proberMin = find("ScaledObject", "prober")?.spec.minReplicaCount;
      expect(proberMin).toBe(overlay === "production" ? 4 : 2);
    });

    it("serves one public base URL over TLS: /mcp to mcp, everything else to the api", () => {
      const ingress = objects.filter((o) => o.kind === "Ingress");
      expect(ingress).toHaveLength(1);
      const spec = ingress[0]!.spec;
      const base = new URL(find("ConfigMap", "tollgate-config")?.data?.PUBLIC_BASE_URL ?? "");
      expect(base.protocol).toBe("https:");
      expect(spec.ingressClassName).toBe("nginx");
      expect(spec.rules).toHaveLength(1);
      expect(spec.rules[0].host).toBe(base.host);
      expect(spec.tls).toEqual([{ hosts: [base.host], secretName: expect.any(String) }]);
      const routes = Object.fromEntries(
        (
          spec.rules[0].http.paths as {
            path: string;
            backend: { service: { name: string; port: { name: string } } };
          }[]
        ).map((p) => [p.path, p.backend.service]),
      );
      expect(routes).toEqual({
        "/mcp": { name: "mcp", port: { name: "http" } },
        "/": { name: "api", port: { name: "http" } },
      });
      // The backends exist, expose that port name, and select pods that the NetworkPolicy lets the controller reach.
      for (const name of ["api", "mcp"]) {
        const svc = find("Service", name);
        expect(svc?.spec.ports.map((p: { name: string }) => p.name)).toContain("http");
        const admitted = find("NetworkPolicy", "api-mcp-ingress")?.spec.podSelector.matchExpressions[0]
          .values;
        expect(admitted).toContain(svc?.spec.selector["app.kubernetes.io/name"]);
      }
    });
  });
});

if (!hasKubectl())
  console.warn("kubectl not found: the k8s overlay checks are skipped (install kubectl to run them)");
