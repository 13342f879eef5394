import { z } from "@hono/zod-openapi";

/**
 * Text Postgres cannot store: NUL, and a lone surrogate (JSON allows `"\ud800"`, which is not Unicode text;
 * Postgres refuses it inside JSON and would replace it in plain text). Refused here rather than by the
 * database, so that a listing imported from a catalogue is refused like a submission, not failed mid-import.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const UNSTORABLE = /\u0000|\p{Cs}/u;
const NOT_UNICODE =
  "must be valid Unicode text without the NUL character (\\u0000) or an unpaired surrogate (such as \\ud800)";

/**
 * How deep a request or response schema may nest. JSON.parse takes any depth a body holds, but
 * JSON.stringify recurses: a schema some thousands of levels deep overflowed the stack when it was stored
 * or answered (500). Real JSON Schemas stay far below this.
 */
export const MAX_SCHEMA_DEPTH = 100;

/** What makes a JSON value unfit to store, or null: a key or string that is not storable text, or too deep. */
function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return NOT_UNICODE;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth > MAX_SCHEMA_DEPTH) return `must nest at most ${MAX_SCHEMA_DEPTH} levels deep`;
    if (Array.isArray(v)) for (const inner of v) stack.push([inner, depth + 1]);
    else
      for (const [k, inner] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return NOT_UNICODE;
        stack.push([inner, depth + 1]);
      }
  }
  return null;
}

/** Whether `s` holds text Postgres cannot store as sent (NUL, an unpaired surrogate): for free text outside these schemas. */
export const hasUnstorableText = (s: string): boolean => UNSTORABLE.test(s);
export const UNSTORABLE_TEXT_RULE = NOT_UNICODE;

/**
 * What a listing's name never holds: controls (C0, DEL, C1; a name is one line) and the bidirectional
 * overrides, embeddings and isolates, with which "moc.elgoog" is shown as another name in every list, page
 * and agent answer that prints it (Trojan Source, CVE-2021-42574). The marks U+200E/U+200F stay allowed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is refused
const NOT_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const unicode = (s: z.ZodString) => s.refine((v) => !UNSTORABLE.test(v), NOT_UNICODE);

/**
 * What a URI never holds raw (RFC 3986, and RFC 3987 for bidirectional formatting): spaces, controls, the
 * bidi marks and overrides. A URL parser would drop or encode them, but the URL is stored and shown as
 * sent, so `https://a.example/x\n/y` would be published as the endpoint. Outer whitespace is trimmed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const NOT_IN_URI = /[\u0000-\u0020\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Whether `v` (outer whitespace trimmed) holds nothing a URI never holds raw: the rule of `uri` below. */
export const isUriText = (v: string): boolean => !NOT_IN_URI.test(v.trim());
export const URI_TEXT_RULE =
  "not a valid absolute URL: it holds a space or a control character (percent-encode it)";
const uri = (s: z.ZodString) => unicode(s).refine(isUriText, URI_TEXT_RULE);

/**
 * An upper bound of the endpoint's canonical form's length (core's canonicalEndpoint: origin, path and the
 * query re-serialised, each of which it can only shorten from here), or null when it is no URL (the
 * submission rules say so). The canonical form is indexed (one active listing per endpoint), and a btree
 * entry holds at most about 2.7 KB: 2,000 CJK characters pass a 2,048-character limit and encode to 18 KB.
 */
function canonicalLengthBound(raw: string): number | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  const query = new URLSearchParams(u.search).toString();
  return u.origin.length + u.pathname.length + (query ? query.length + 1 : 0);
}
const MAX_ENCODED_URL = 2048;

const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .superRefine((v, ctx) => {
    const problem = jsonProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .openapi({ type: "object", description: "JSON Schema" });

const editable = {
  name: unicode(z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters")).refine(
    (v) => !NOT_IN_NAME.test(v),
    "must be one line of text: no control characters or line separators (tab, line breaks, U+2028, U+2029) and no bidirectional overrides, embeddings or isolates (U+202A to U+202E, U+2066 to U+2069), which would make a name show as another",
  ),
  description: unicode(z.string().trim().min(1, "must not be empty").max(4000, "at most 4000 characters")),
  category: z
    .string()
    .regex(
      /^[a-z0-9-]+(\.[a-z0-9-]+)+$/,
      "a dot-namespaced category such as data.weather (see GET /v1/categories)",
    ),
  price_amount: z.number().finite().min(0, "must be >= 0").max(1_000_000, "must be at most 1000000"),
  price_currency: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, "an uppercase currency code such as USDC")
    .optional(),
  chains: z
    .array(z.string().regex(/^[a-z0-9:-]{2,40}$/, "a network name such as base"))
    .min(1, "list at least one network")
    .max(20)
    .optional(),
  request_schema: JsonSchemaObject.nullable().optional(),
  response_schema: JsonSchemaObject.nullable().optional(),
  sample_query: uri(z.string().max(2048)).nullable().optional(),
  submitter_email: z.string().email("must be an email address").max(320).nullable().optional(),
};

/** POST /v1/listings body. Unknown fields are refused so a typo is not silently dropped. */
export const ListingCreateRequest = z
  .strictObject({
    ...editable,
    endpoint_url: uri(z.string().max(2048, "at most 2048 characters")).refine(
      (v) => (canonicalLengthBound(v) ?? 0) <= MAX_ENCODED_URL,
      `at most ${MAX_ENCODED_URL} characters once percent-encoded`,
    ),
    kind: z.enum(["api", "agent"]).optional(),
  })
  .openapi("ListingCreateRequest");
export type ListingCreateRequest = z.infer<typeof ListingCreateRequest>;

/** PATCH /v1/listings/{id} body: only the spec's editable fields. */
export const ListingPatchRequest = z
  .strictObject({
    name: editable.name.optional(),
    description: editable.description.optional(),
    category: editable.category.optional(),
    price_amount: editable.price_amount.optional(),
    price_currency: editable.price_currency,
    chains: editable.chains,
    request_schema: editable.request_schema,
    response_schema: editable.response_schema,
    sample_query: editable.sample_query,
    submitter_email: editable.submitter_email,
  })
  .openapi("ListingPatchRequest");
export type ListingPatchRequest = z.infer<typeof ListingPatchRequest>;

export const EDITABLE_FIELDS = Object.keys(ListingPatchRequest.shape) as (keyof ListingPatchRequest)[];

export const ListingCreated = z
  .object({
    id: z.string(),
    claim_token: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .openapi({
        description:
          "the private edit credential, shown once; null when the same paid submission is presented again after it was answered (recover a lost one through the claim flow)",
      }),
    status: z.literal("unverified"),
    note: z.string(),
  })
  .openapi("ListingCreated");
