/**
 * What a file may ask for: the largest map, team and sweep the lab takes, written once here and
 * read by every parser (Moving AI .map and .scen, scenario files, experiment files, replay files),
 * by the app's lab, by main's checks of what the renderer sends and by the command line. A file
 * past a limit is refused before any work, with a message that names the limit, instead of
 * running for minutes and gigabytes (a 53 MB .scen of 10^6 units ran 300 s and took 2.1 GB).
 */

/**
 * Cells per map: 8192 x 4096 = 2^25 (a 5000 x 5000 level, 25 M cells, opens). Thirty-two times
 * Moving AI's largest grids (the 1024 x 1024 street maps of its single-agent set; its MAPF set's
 * largest, w_woundedcoast, is 578 x 642), and a size where the grid stays a byte per cell (32 MB)
 * while per-cell tables grow costly: one distance table (Int32 per cell) is 128 MB, so the app
 * says what a map past BIG_MAP_CELLS will cost before it opens it (core/grid/mapCost.ts). Each
 * side may still reach MAX_GRID_SIDE (8192 x 4096 is allowed).
 */
export const MAX_MAP_CELLS = 8192 * 4096;

/**
 * Units per scenario (a .scen file's queries, a scenario file's units, an experiment's agent
 * count): ten times the largest teams in MAPF benchmarks (the League of Robot Runners 2024 runs
 * up to 10,000 robots; PIBT and LaCAM are shown up to 10,000). Beyond it, per-unit tables and
 * plans outgrow a desktop's memory before a solver does anything useful.
 */
export const MAX_UNITS = 100_000;

/**
 * Runs per experiment, in the app and on the command line alike. Planning costs about 0.7 s and
 * 360 MB per million runs (RunSpecs), and a sweep of that size is weeks of CPU on one machine
 * (the whole Moving AI set, 33 maps x 25 scenarios x 20 team sizes, is 16,500 runs per solver):
 * a larger one is a typo (repeats: 1e9) or belongs in several experiments.
 */
export const MAX_RUNS = 1_000_000;

/** "1,000,000": the figures in messages. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
