import { allowanceFromConfig, createResolver, hostCheckFrom, type Resolver } from "@tollgate/platform";
import type { ApiConfig } from "./config.js";

/** The submission rule "host resolves publicly", through the SSRF guard's own resolver. */
export function hostCheckFromResolver(resolver: Resolver) {
  return hostCheckFrom(resolver);
}

export function buildHostCheck(config: ApiConfig) {
  return hostCheckFrom(createResolver({ allowance: allowanceFromConfig(config) }));
}
