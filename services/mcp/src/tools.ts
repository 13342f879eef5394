import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Db } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import {
  type DemandOptions,
  type DiscoverDeps,
  demandFeed,
  discover,
  getListingDetail,
  knownFailure,
  resolveEndpoint,
} from "@tollgate/registry";
import {
  DemandFeed,
  DiscoverResult,
  ListingDetail,
  Resolution,
  UNSTORABLE_TEXT_RULE,
} from "@tollgate/schema";
import { z } from "zod";

export interface ToolDeps {
  db: Db;
  serviceName: string;
  discover: DiscoverDeps;
  /** The free feed's settings (floor, paid tier, delay): the same as the api's. */
  demand: Omit<DemandOptions, "now">;
  /** Where a tool's internal failure is logged (its text never reaches the caller). */
  log?: Logger;
}

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/**
 * A tool's arguments. Unknown names are refused with the accepted ones: an agent that sends `need` for
 * `query` must hear so, not receive every listing as if it had asked for nothing.
 */
function toolArgs<T extends z.ZodRawShape>(shape: T) {
  const accepted = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown argument(s) ${issue.keys.join(", ")}; this tool accepts: ${accepted}`
        : undefined,
  });
}

/**
 * A verb's answer as structured tool output (the server checks it against the tool's output schema, the
 * REST schema of the same answer); a verb's ApiError, text Postgres cannot store or an unreachable
 * database as a tool error `code: message`, in the same words as the REST error body. Anything else is the
 * REST 500's internal_error, logged here: thrown on, the SDK answered the error's own message (a Postgres
 * error's text, say) to the caller and nobody logged it.
 */
async function answer(
  deps: Pick<ToolDeps, "log">,
  run: () => Promise<Record<string, unknown>>,
): Promise<CallToolResult> {
  try {
    const data = await run();
    return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
  } catch (err) {
    const known = knownFailure(err);
    if (known) return toolError(`${known.code}: ${known.message}`);
    deps.log?.error({ err }, "mcp tool failed");
    return toolError("internal_error: internal error; the request was not applied");
  }
}

/**
 * The agent-facing tools. Each calls the same verb as its REST twin (discover, listing detail, resolve),
 * so the data and order are the same by construction. Answers the names registered.
 */
export function registerTools(server: McpServer, deps: ToolDeps, ctx: { clientIp: string }): string[] {
  const names: string[] = [];
  // Every tool reads the registry and nothing else (a search is also counted, anonymously, in the demand
  // figures), answers the same for the same input while the data holds, and reaches no other system: hints a
  // client may use to call them without asking its user each time (MCP tool annotations).
  const registerTool: McpServer["registerTool"] = (name, config, cb) => {
    names.push(name);
    const annotations = {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
      ...config.annotations,
    };
    return server.registerTool(name, { ...config, annotations }, cb);
  };
  registerTool(
    "find_paid_service",
    {
      title: "Find a paid API for a need",
      description:
        "Search the registry of paid HTTP APIs (x402, USDC on Base). Same data and order as GET /v1/discover: verified first, then score, then price (lower first). The search is counted, anonymously, in the demand figures (what_agents_are_asking_for).",
      inputSchema: toolArgs({
        // JSON lets an agent send what a URL query cannot: an unpaired surrogate would be searched and logged
        // as U+FFFD, a need nobody asked. Refused like listing text (NUL is dropped from the log, as for REST).
        query: z
          .string()
          .trim()
          .max(500)
          .refine((q) => !/\p{Cs}/u.test(q), UNSTORABLE_TEXT_RULE)
          .optional()
          .describe("the need in words, e.g. 'hourly weather forecast for a city'"),
        category: z.string().max(100).optional().describe("exact category id, e.g. data.weather"),
        max_price: z
          .number()
          .min(0)
          .max(1_000_000)
          .optional()
          .describe("highest acceptable price per call (USD)"),
        min_score: z.number().min(0).max(1).optional().describe("lowest acceptable reputation score, 0..1"),
        limit: z.number().int().min(1).max(50).optional().describe("results, default 10, max 50"),
      }),
      outputSchema: DiscoverResult,
    },
    async (args) =>
      answer(deps, () =>
        discover(
          deps.db,
          {
            q: args.query || undefined,
            category: args.category,
            max_price: args.max_price,
            min_score: args.min_score,
            limit: args.limit ?? 10,
          },
          deps.discover,
          { source: "mcp", clientIp: ctx.clientIp },
        ),
      ),
  );

  registerTool(
    "get_service_details",
    {
      title: "Details of one listing",
      description: "The full listing record, the same as GET /v1/listings/{id}.",
      inputSchema: toolArgs({ id: z.string().min(1).max(64).describe("listing id, e.g. lst_…") }),
      outputSchema: ListingDetail,
    },
    async ({ id }) => answer(deps, () => getListingDetail(deps.db, id, deps.serviceName)),
  );

  registerTool(
    "resolve_endpoint",
    {
      title: "Is this endpoint listed?",
      description:
        "Look up an endpoint URL, the same as GET /v1/resolve. match is active, delisted or not_listed (never checked, not unsafe).",
      inputSchema: toolArgs({
        url: z.string().min(1).max(2048).describe("the endpoint URL you are about to pay"),
      }),
      outputSchema: Resolution,
    },
    async ({ url }) => answer(deps, () => resolveEndpoint(deps.db, url, deps.serviceName)),
  );

  registerTool(
    "what_agents_are_asking_for",
    {
      title: "What agents are searching for",
      description:
        "The free demand feed, the same as GET /v1/demand?limit=&offset=: needs agents asked in a 30-day window that ends behind live, each asked by at least k_anonymity_floor distinct client IPs, with whether the directory answers it (catalogue_status, catalogue_top). Seller self-checks, named-listing lookups and scripted rotation are not demand.",
      inputSchema: toolArgs({
        limit: z.number().int().min(1).max(100).optional().describe("needs per page, default 20, max 100"),
        offset: z.number().int().min(0).max(10_000_000).optional().describe("needs to skip, default 0"),
      }),
      outputSchema: DemandFeed,
    },
    async ({ limit, offset }) =>
      answer(deps, () => demandFeed(deps.db, { ...deps.demand, limit: limit ?? 20, offset: offset ?? 0 })),
  );
  return names;
}
