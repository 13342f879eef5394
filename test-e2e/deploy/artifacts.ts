import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "@tollgate/devnet";
import { parse, parseAllDocuments } from "yaml";

// Readers of the deployment artifacts as files: the Dockerfile's stages, the compose file, and the k8s
// overlays as `kubectl kustomize` renders them. No container engine or cluster is involved.

export const OVERLAYS = ["staging", "production"] as const;

export interface DockerStage {
  name: string;
  from: string;
  /** Last USER of the stage itself (inherited from its base stage when absent). */
  user?: string;
  cmd?: string[];
  copies: string[];
  /** ENV of the stage itself (`ENV KEY=value …` form), without its base stages'. */
  env: Record<string, string>;
}

/** Every `FROM … AS name` stage of the Dockerfile, with its USER, CMD (exec form) and COPY lines. */
export function dockerStages(file = path.join(ROOT, "Dockerfile")): Map<string, DockerStage> {
  const stages = new Map<string, DockerStage>();
  let current: DockerStage | undefined;
  const lines = readFileSync(file, "utf8")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  for (const line of lines) {
    const [instruction = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    switch (instruction.toUpperCase()) {
      case "FROM": {
        const m = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
        if (!m) throw new Error(`Dockerfile: unnamed stage "${line}"`);
        current = { name: m[2]!, from: m[1]!, copies: [], env: {} };
        stages.set(current.name, current);
        break;
      }
      case "USER":
        if (current) current.user = args;
        break;
      case "CMD":
        if (current) current.cmd = JSON.parse(args) as string[];
        break;
      case "COPY":
        current?.copies.push(args);
        break;
      case "ENV":
        for (const pair of rest) {
          const eq = pair.indexOf("=");
          if (eq < 0) throw new Error(`Dockerfile: use the ENV KEY=value form ("${line}")`);
          if (current) current.env[pair.slice(0, eq)] = pair.slice(eq + 1);
        }
        break;
    }
  }
  return stages;
}

/** The environment a stage's image carries: its base stages' ENV, then its own. */
export function stageEnv(stages: Map<string, DockerStage>, name: string): Record<string, string> {
  const chain: DockerStage[] = [];
  for (let s = stages.get(name); s; s = stages.get(s.from)) chain.unshift(s);
  return Object.assign({}, ...chain.map((s) => s.env));
}

/** The user a stage runs as, following its base stages. */
export function stageUser(stages: Map<string, DockerStage>, name: string): string | undefined {
  for (let s = stages.get(name); s; s = stages.get(s.from)) if (s.user) return s.user;
  return undefined;
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: rendered YAML, checked field by field by the tests
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export function hasKubectl(): boolean {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** `kubectl kustomize k8s/overlays/<overlay>` (offline), parsed. */
export function renderOverlay(overlay: string): K8sObject[] {
  const out = execFileSync("kubectl", ["kustomize", path.join(ROOT, "k8s", "overlays", overlay)], {
    encoding: "utf8",
  });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject)
    .filter(Boolean);
}

export interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
  profiles?: string[];
}

/** infra/docker-compose.yml with its YAML anchors and merge keys applied. */
export function composeServices(): Record<string, ComposeService> {
  const doc = parse(readFileSync(path.join(ROOT, "infra", "docker-compose.yml"), "utf8"), {
    merge: true,
  }) as {
    services: Record<string, ComposeService>;
  };
  return doc.services;
}
