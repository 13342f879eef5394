import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { API_VERSION } from "@tollgate/core";
import { ApiError } from "@tollgate/schema";
import type { App } from "../app.js";
import type { AppDeps } from "../deps.js";
import { anyOperationErrorsText, errorResponseSpec, TAGS } from "./responses.js";

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"]/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch,
  );

/** A parameter's type and limits in words: "integer, 1..50, default 10". */
function schemaWords(
  s: {
    type?: string;
    minimum?: number;
    maximum?: number;
    maxLength?: number;
    enum?: unknown[];
    default?: unknown;
  } = {},
) {
  const parts = [s.enum ? `one of ${s.enum.join(", ")}` : (s.type ?? "string")];
  if (s.minimum !== undefined || s.maximum !== undefined)
    parts.push(`${s.minimum ?? ""}..${s.maximum ?? ""}`);
  if (s.maxLength !== undefined) parts.push(`at most ${s.maxLength} characters`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(", ");
}

/** The codes documented once for every operation (responses.ts, ANY_OPERATION_ERRORS), in words. */
const ERRORS_ANY_OPERATION = `${anyOperationErrorsText().replaceAll("`", "")}, from the server around the route (malformed request, timeout, body or headers too large, internal error, database unreachable)`;

type Operation = {
  summary?: string;
  description?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: {
      type?: string;
      minimum?: number;
      maximum?: number;
      maxLength?: number;
      enum?: unknown[];
      default?: unknown;
    };
  }[];
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
            `<li><code>${esc(p.name)}</code> (${esc(p.in)}, ${esc(schemaWords(p.schema))}${p.required ? ", required" : ""}) ${esc(p.description)}</li>`,
        )
        .join("");
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`)
        .join("");
      return `<section><h2><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h2><p>${esc(op.summary)}</p><p>${esc(op.description)}</p>${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ""}<h3>Responses</h3><ul>${responses}</ul></section>`;
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.info.title)} API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd;padding:.5rem 0}.m{background:#222;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}code{background:#f4f4f4;padding:0 .2rem}</style></head><body><h1>${esc(doc.info.title)} API reference</h1><p>Version ${esc(doc.info.version)}. Machine-readable: <a href="/openapi.json">/openapi.json</a>. Errors are always <code>{"error": "&lt;code&gt;", "message": "..."}</code>; each response below names its codes, and any operation may also answer ${esc(ERRORS_ANY_OPERATION)}.</p>${sections.join("")}</body></html>`;
}

/**
 * The interactive reference: Swagger UI from the installed `swagger-ui-dist` package (served from here, never
 * from a CDN), over /openapi.json. The static reference stays inside <noscript> for readers without
 * JavaScript.
 */
const SWAGGER_ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "docs-init.js": "text/javascript; charset=utf-8",
} as const;
type SwaggerAsset = keyof typeof SWAGGER_ASSETS;

function loadSwaggerAssets(): Record<SwaggerAsset, string> {
  const dir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return {
    "swagger-ui.css": readFileSync(path.join(dir, "swagger-ui.css"), "utf8"),
    "swagger-ui-bundle.js": readFileSync(path.join(dir, "swagger-ui-bundle.js"), "utf8"),
    "docs-init.js": `window.addEventListener("load",function(){window.ui=SwaggerUIBundle({url:"/openapi.json",dom_id:"#reference",deepLinking:true,displayOperationId:true,showExtensions:true,showCommonExtensions:true,defaultModelsExpandDepth:1,tryItOutEnabled:false});});`,
  };
}

export function interactiveReference(title: string, staticReference: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} API reference</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"><style>body{margin:0}header{font:15px/1.5 system-ui,sans-serif;padding:.5rem 1rem;border-bottom:1px solid #ddd}</style></head><body><header><a href="/">${esc(title)}</a> API reference. Machine-readable: <a href="/openapi.json">/openapi.json</a>. Every error is <code>{"error": "&lt;code&gt;", "message": "…", "request_id": "…"}</code>; each operation lists the codes it answers under each status (with an example of each). Any operation may also answer ${esc(ERRORS_ANY_OPERATION)}.</header><main id="reference"></main><noscript>${staticReference}</noscript><script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/docs-init.js"></script></body></html>`;
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

/**
 * The OpenAPI document (generated from every registered route), its HTML rendering, and health. Returns
 * the document's getter (generated on first use, once every route is registered).
 */
export function registerDocs(app: App, deps: AppDeps) {
  const config = {
    openapi: "3.1.0",
    info: {
      title: deps.serviceName === "tollgate" ? "Tollgate" : deps.serviceName,
      version: API_VERSION.version,
      description: `Registry of paid HTTP APIs (x402, USDC on Base). Directory data is CC-BY-4.0. Version date ${API_VERSION.version_date}. Dated behaviour changes: ${API_VERSION.behaviour_changes.map((b) => `${b.change} (since ${b.since})`).join("; ")}. Errors: every error body is \`{error, message, request_id}\`; each operation's error responses name the codes it answers under that status. Any operation may also answer ${anyOperationErrorsText()}, raised around the route rather than by it (a malformed request, a timeout, a body or headers too large, an internal error, the database unreachable); these are listed here once, not on each operation.`,
      "x-version-date": API_VERSION.version_date,
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
  let assets: Record<SwaggerAsset, string> | undefined;
  let page: string | undefined;
  app.openapi(
    meta("/docs", "getReference", "Interactive API reference (Swagger UI, served from this host)", {
      200: { description: "HTML", content: { "text/html": { schema: z.string() } } },
    }),
    (c) => {
      page ??= interactiveReference(config.info.title, renderReference(document() as never));
      return c.html(page);
    },
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/docs/assets/{file}",
      operationId: "getReferenceAsset",
      tags: ["meta"],
      summary: "The reference's own assets (from the installed swagger-ui-dist package)",
      request: {
        params: z.object({
          file: z.string().openapi({ param: { name: "file", in: "path" }, example: "swagger-ui.css" }),
        }),
      },
      responses: {
        200: { description: "CSS or JavaScript", content: { "text/plain": { schema: z.string() } } },
        404: errorResponseSpec("No such asset", ["not_found"]),
      },
    }),
    (c) => {
      const file = c.req.param("file") as SwaggerAsset;
      if (!Object.hasOwn(SWAGGER_ASSETS, file)) throw new ApiError("not_found", "no such asset");
      assets ??= loadSwaggerAssets();
      return c.body(assets[file], 200, {
        "content-type": SWAGGER_ASSETS[file],
        "cache-control": "public, max-age=86400",
      }) as never;
    },
  );
  app.openapi(
    meta("/healthz", "getHealth", "Liveness", json("Alive", z.object({ ok: z.literal(true) }))),
    (c) => c.json({ ok: true }),
  );
  return document;
}
