// Types of cli/bundle.mjs (plain JavaScript, so that bin/mapf-lab.mjs can load it untranspiled).
export const ROOT: string;
export const OUT_DIR: string;
export const MAIN_FILE: string;
export const WORKER_FILE: string;
/** null when `dir` (default out/cli/) holds a bundle of the current sources, else why not. */
export function staleReason(dir?: string): string | null;
/** Bundles the command line and its solver worker into `dir` (default out/cli/); resolves to `dir`. */
export function buildCli(dir?: string): Promise<string>;
