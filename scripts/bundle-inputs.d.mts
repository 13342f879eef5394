/** Repository root. */
export const ROOT: string;
/** Bundle name → the workspace package folder it is built from. */
export const BUNDLES: Record<string, string>;
/** sha256 over the paths and contents of everything a bundle is built from. */
export function bundleInputsHash(): string;
/** The stamp file of one bundle (holds the inputs hash it was built from). */
export function stampOf(name: string): string;
