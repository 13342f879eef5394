import { ErrorBody } from "@tollgate/schema";

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
});

/** Error responses shared by every route. */
export const commonErrors = {
  400: err("Invalid input: `{error, message}` naming each reason"),
  500: err("Internal error; nothing was applied"),
} as const;
export const notFoundError = { 404: err("Not found or delisted") } as const;
export const authErrors = { 401: err("Missing or invalid claim token; names the claim flow") } as const;
export const conflictError = { 409: err("Conflict") } as const;
export { err as errorResponseSpec };
