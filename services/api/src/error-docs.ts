import type { Logger } from "@tollgate/platform";
import { ERROR_CATALOG, ERROR_STATUS } from "@tollgate/schema";
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { ANY_OPERATION_ERRORS } from "./routes/responses.js";

/** The codes each operation documents, by status: "get /v1/listings/{id}" → 404 → {"not_found"}. */
export type ErrorDocs = Map<string, Map<number, Set<string>>>;

/** The part of the OpenAPI document read here. */
type Doc = { paths?: object };
type Paths = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

/** The codes a documented response names: every `enum` of an `error` property in its JSON schema. */
export function documentedCodes(response: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (node && typeof node === "object") {
      const o = node as Record<string, unknown>;
      if (key === "error" && Array.isArray(o.enum)) found.push(...(o.enum as string[]));
      for (const [k, v] of Object.entries(o)) if (k !== "examples") walk(v, k);
    }
  };
  const schema = (response as { content?: Record<string, { schema?: unknown }> })?.content?.[
    "application/json"
  ]?.schema;
  walk(schema);
  return [...new Set(found)];
}

/** Every operation's documented error codes by status, read from the OpenAPI document. */
export function errorDocsOf(doc: Doc): ErrorDocs {
  const docs: ErrorDocs = new Map();
  for (const [path, ops] of Object.entries((doc.paths ?? {}) as Paths))
    for (const [method, op] of Object.entries(ops)) {
      const byStatus = new Map<number, Set<string>>();
      for (const [status, response] of Object.entries(op.responses ?? {}))
        if (Number(status) >= 400) byStatus.set(Number(status), new Set(documentedCodes(response)));
      docs.set(`${method} ${path}`, byStatus);
    }
  return docs;
}

/**
 * A Hono route path in the document's form: `:id` → `{id}`; the status badge's regex parameter
 * (`:id{…\.svg}`) is documented as `{id}.svg`.
 */
export const openApiPath = (honoPath: string) =>
  honoPath.replace(/:([a-z_]+)\{[^/]*\\\.svg\}/g, "{$1}.svg").replace(/:([^/{]+)(\{[^/]*\})?/g, "{$1}");

/**
 * The operation that answered, "get /v1/listings/{id}": the route (not middleware) Hono matched. Null
 * when no route matched: a 404 for an unknown path or method belongs to no operation.
 */
export function answeringOperation(c: Context): string | null {
  const route = matchedRoutes(c).find((r) => r.method !== "ALL");
  if (!route) return null;
  const method = route.method === "HEAD" ? "get" : route.method.toLowerCase();
  return `${method} ${openApiPath(route.path)}`;
}

/**
 * Why answering `code` with `status` from `operation` is not documented, or null when it is: the operation
 * names the code under that status, or it is one every operation can answer (ANY_OPERATION_ERRORS, at its
 * catalog status). On a 402 offer a code outside the catalog is the facilitator's own reason, passed
 * through as given (documented on every paid 402).
 */
export function undocumentedError(
  docs: ErrorDocs,
  operation: string,
  status: number,
  code: string,
  opts: { offer?: boolean } = {},
): string | null {
  const known = Object.hasOwn(ERROR_CATALOG, code);
  if (known && ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status)
    return `${operation} answered ${code} with ${status}; the catalog gives it ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`;
  if ((ANY_OPERATION_ERRORS as readonly string[]).includes(code)) return null;
  const op = docs.get(operation);
  if (!op) return `${operation} answered ${code} (${status}) and is not in /openapi.json`;
  if (op.get(status)?.has(code)) return null;
  if (!known && opts.offer && status === 402 && op.has(402)) return null;
  return `${operation} answered ${code} (${status}), which its responses in /openapi.json do not list`;
}

/** Checks an error answer against the document; null when documented. */
export type ErrorDocsCheck = (
  c: Context,
  status: number,
  code: string,
  opts?: { offer?: boolean },
) => string | null;

/**
 * The strict check (TOLLGATE_STRICT_ERROR_DOCS=1, set for the test suites): the table is built once from
 * the generated document, on the first error answered. An undocumented code is logged as an error and on
 * stderr (test loggers are silent), and the caller answers 500 naming it, so any test that reaches it fails.
 */
export function strictErrorDocs(document: () => Doc, log: Logger): ErrorDocsCheck {
  let docs: ErrorDocs | undefined;
  return (c, status, code, opts) => {
    const operation = answeringOperation(c);
    if (operation === null) return null;
    docs ??= errorDocsOf(document());
    const problem = undocumentedError(docs, operation, status, code, opts);
    if (problem) {
      log.error({ operation, status, code }, `undocumented error code: ${problem}`);
      process.stderr.write(`TOLLGATE_STRICT_ERROR_DOCS: undocumented error code: ${problem}\n`);
    }
    return problem;
  };
}

/** The 500 that replaces an undocumented error answer under the strict check. */
export const undocumentedErrorBody = (problem: string) => ({
  error: "internal_error" as const,
  message: `undocumented error code (TOLLGATE_STRICT_ERROR_DOCS): ${problem}; list it in the operation's responses`,
});
