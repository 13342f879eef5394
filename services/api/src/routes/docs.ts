import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";

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

export function registerDocs(app: App, deps: AppDeps) {
  const info = {
    title: deps.serviceName === "tollgate" ? "Tollgate" : deps.serviceName,
    version: "1.0.0",
    description: "Registry of paid HTTP APIs (x402, USDC on Base). Directory data is CC-BY-4.0.",
  };
  app.doc31("/openapi.json", { openapi: "3.1.0", info });
  app.get("/docs", (c) =>
    c.html(renderReference(app.getOpenAPI31Document({ openapi: "3.1.0", info }) as never)),
  );
  app.get("/", (c) => c.redirect("/docs"));
  app.get("/healthz", (c) => c.json({ ok: true }));
}
