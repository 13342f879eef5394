import { z } from "zod";
import type { Allowance } from "./resolver.js";

/** Environment fragment for the guard's non-production allowance. */
export const netEnv = {
  /** "host=address,host=address": names the guard maps explicitly (local demo sellers). */
  SSRF_ALLOW_HOSTS: z
    .string()
    .default("")
    .refine(
      (s) => s === "" || s.split(",").every((p) => /^[a-z0-9.-]+=[0-9a-f.:]+$/i.test(p.trim())),
      "expected host=address pairs separated by commas",
    ),
  /** "127.0.0.0/8,::1/128": address ranges the guard lets through. */
  SSRF_ALLOW_CIDRS: z
    .string()
    .default("")
    .refine(
      (s) => s === "" || s.split(",").every((p) => /^[0-9a-f.:]+\/\d{1,3}$/i.test(p.trim())),
      "expected CIDR ranges separated by commas",
    ),
};

/** The allowance from parsed config; refuses any allowance in production. */
export function allowanceFromConfig(c: {
  NODE_ENV: string;
  SSRF_ALLOW_HOSTS: string;
  SSRF_ALLOW_CIDRS: string;
}): Allowance {
  const hosts = Object.fromEntries(
    c.SSRF_ALLOW_HOSTS.split(",")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split("=") as [string, string]),
  );
  const cidrs = c.SSRF_ALLOW_CIDRS.split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (c.NODE_ENV === "production" && (Object.keys(hosts).length > 0 || cidrs.length > 0))
    throw new Error("SSRF_ALLOW_HOSTS/SSRF_ALLOW_CIDRS must not be set in production");
  return { hosts, cidrs };
}
