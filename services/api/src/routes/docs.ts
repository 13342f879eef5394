import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { TAGS } from "./responses.js";

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"]/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch,
  );

type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  responses?: Record<string, { description?: string }>;
};

/** A self-contained HTML reference rendered from the generated OpenAPI document (no CDN assets). */
export function renderReference(doc: {
  info: { title: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
}) {
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", required" : ""}) ${esc(p.description)}</li>`,
        )
        .join("");
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`)
        .join("");
      return `<section><h2><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h2><p>${esc(op.summary)}</p><p>${esc(op.description)}</p>${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ""}<h3>Responses</h3><ul>${responses}</ul></section>`;
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.info.title)} API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd;padding:.5rem 0}.m{background:#222;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}code{background:#f4f4f4;padding:0 .2rem}</style></head><body><h1>${esc(doc.info.title)} API reference</h1><p>Version ${esc(doc.info.version)}. Machine-readable: <a href="/openapi.json">/openapi.json</a>. Errors are always <code>{"error": "&lt;code&gt;", "message": "..."}</code>.</p>${sections.join("")}</body></html>`;
}

const meta = (
  path: string,
  operationId: string,
  summary: string,
  responses: RouteConfig["responses"],
): RouteConfig => createRoute({ method: "get", path, operationId, tags: ["meta"], summary, responses });

const json = (description: string, schema: z.ZodType) => ({
  200: { description, content: { "application/json": { schema } } },
});

/** The OpenAPI document (generated from every registered route), its HTML rendering, and health. */
export function registerDocs(app: App, deps: AppDeps) {
  const config = {
    openapi: "3.1.0",
    info: {
      title: deps.serviceName === "tollgate" ? "Tollgate" : deps.serviceName,
      version: "1.0.0",
      description: "Registry of paid HTTP APIs (x402, USDC on Base). Directory data is CC-BY-4.0.",
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  };
  // Generated on first use, once every route is registered; the routes never change afterwards.
  let doc: ReturnType<App["getOpenAPI31Document"]> | undefined;
  const document = () => {
    doc ??= app.getOpenAPI31Document(config);
    return doc;
  };
  app.openapi(
    meta(
      "/openapi.json",
      "getOpenApiDocument",
      "This document (OpenAPI 3.1), generated from the schemas",
      json("OpenAPI document", z.looseObject({ openapi: z.string() })),
    ),
    (c) => c.json(document()),
  );
  app.openapi(
    meta("/docs", "getReference", "Human-readable API reference", {
      200: { description: "HTML", content: { "text/html": { schema: z.string() } } },
    }),
    (c) => c.html(renderReference(document() as never)),
  );
  app.openapi(
    meta("/healthz", "getHealth", "Liveness", json("Alive", z.object({ ok: z.literal(true) }))),
    (c) => c.json({ ok: true }),
  );
}
