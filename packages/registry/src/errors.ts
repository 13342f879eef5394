import { ApiError } from "@tollgate/schema";

export const notFound = (id: string) =>
  new ApiError("not_found", `no active listing with id ${id} (unknown or delisted); see GET /v1/listings`);
