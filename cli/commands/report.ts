/**
 * `mapf-lab report DIR [--out FILE]`: the self-contained HTML report of a results folder (from
 * `mapf-lab experiment` or `mapf-lab merge`), with Chart.js inlined so it opens offline.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { type ReportScripts, reportHtml } from '../../core/experiments/report/reportHtml.ts';
import { machineInfo } from '../experiments/machineInfo.ts';
import { FILES, readResultsFolder } from '../experiments/resultsFolder.ts';

const OPTIONS = {
  out: { value: 'FILE', help: `where the report goes (default: DIR/${FILES.report})` },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab report DIR [--out FILE.html]',
  '',
  'Writes one HTML file that opens offline in any browser: the experiment definition, the',
  'machines and versions the runs ran on, a chart per measure against the number of agents (one',
  'line per solver with its 95% band), the summary table with 95% intervals, and the failures.',
], OPTIONS);

/** The report page's scripts: Chart.js's UMD bundle from the installed package, and the page's own. */
function reportScripts(): ReportScripts {
  const main = createRequire(import.meta.url).resolve('chart.js');
  return {
    chartJs: readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8'),
    drawCharts: readFileSync(fileURLToPath(new URL('../../assets/report/drawCharts.js', import.meta.url)), 'utf8'),
  };
}

export const reportCommand: Command = {
  name: 'report',
  summary: 'Write the self-contained HTML report (charts, tables, failures) of a results folder',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    if (positionals.length > 1) throw new UsageError(`one results folder at a time (got '${positionals[0]}' and '${positionals[1]}')`);
    const [dir] = positionals;
    const out = values.out;
    if (dir === undefined) throw new UsageError('a results folder is required');
    const folder = readResultsFolder(resolve(dir));
    for (const warning of folder.warnings) io.err(`warning: ${warning}`);
    for (const problem of folder.results.problems) io.err(`warning: ${join(folder.dir, FILES.results)} ${problem}; left out`);
    const here = machineInfo();
    const html = reportHtml({
      experiment: folder.experiment,
      experimentHash: folder.hash,
      records: folder.results.records,
      runsPlanned: folder.manifest?.runsPlanned ?? planRuns(folder.experiment).length,
      machines: (folder.manifest?.machines ?? []).map((m) => ({ ...m })),
      scripts: reportScripts(),
      generatedAt: new Date().toISOString(),
      generator: `${here.app} (Node ${here.node})`,
    });
    const file = resolve(out ?? join(folder.dir, FILES.report));
    writeFileSync(file, html);
    io.out(`report of ${folder.experiment.name} (${folder.results.records.length} runs): ${file}`);
    return 0;
  },
};
