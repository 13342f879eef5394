import { describe, expect, it } from "vitest";
import { hasKubectl, OVERLAYS, renderOverlay } from "./artifacts.js";

// Every object the overlays render is valid against the Kubernetes OpenAPI schemas (the generated
// validators of the npm package kubernetes-models): types, enums and required fields. Kinds those schemas do
// not cover (custom resources) are skipped by name below, never silently. The validators do not reject
// unknown field names; the API server's strict field validation does, at apply time.

/** Custom resources, checked by their operators, not here. */
const SKIPPED_KINDS = new Set([
  "keda.sh/v1alpha1 ScaledObject",
  "monitoring.coreos.com/v1 PrometheusRule",
  "monitoring.coreos.com/v1 PodMonitor",
]);

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/** The kubernetes-models class of an apiVersion and kind (core v1 lives under v1/). */
async function modelOf(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  try {
    const mod = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, ModelClass>;
    return mod[kind];
  } catch {
    return undefined;
  }
}

describe.skipIf(!hasKubectl())("k8s manifests against the Kubernetes schemas", () => {
  it.each(OVERLAYS)("%s: every rendered object validates", async (overlay) => {
    const problems: string[] = [];
    const kinds = new Set<string>();
    for (const o of renderOverlay(overlay)) {
      const id = `${o.apiVersion} ${o.kind}`;
      if (SKIPPED_KINDS.has(id)) continue;
      const Model = await modelOf(o.apiVersion, o.kind);
      if (!Model) {
        problems.push(
          `${id} ${o.metadata.name}: no schema (add it to SKIPPED_KINDS if it is a custom resource)`,
        );
        continue;
      }
      kinds.add(o.kind);
      try {
        new Model(o).validate();
      } catch (err) {
        problems.push(`${id} ${o.metadata.name}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // The kinds the deployment is made of were all checked.
    for (const kind of ["Deployment", "Service", "Ingress", "NetworkPolicy", "Job", "ConfigMap", "Secret"])
      expect(kinds).toContain(kind);
    expect(kinds).toContain("HorizontalPodAutoscaler");
  });

  it("the validators catch a broken object", async () => {
    const Deployment = await modelOf("apps/v1", "Deployment");
    const broken = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "x" },
      spec: {
        selector: {},
        template: { spec: { containers: [{ name: "x", image: "x", ports: [{ containerPort: "http" }] }] } },
      },
    };
    expect(() => Deployment && new Deployment(broken).validate()).toThrow(/containerPort must be integer/);
    const Ingress = await modelOf("networking.k8s.io/v1", "Ingress");
    const noBackend = { metadata: { name: "i" }, spec: { rules: [{ http: { paths: [{ path: "/" }] } }] } };
    expect(() => Ingress && new Ingress(noBackend).validate()).toThrow(/backend|pathType/);
  });
});

if (!hasKubectl())
  console.warn("kubectl not found: the k8s schema checks are skipped (install kubectl to run them)");
