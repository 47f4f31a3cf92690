/**
 * The lab's exports: the self-contained HTML report (core/experiments/report/reportHtml.ts with
 * Chart.js inlined), CSV and JSONL of every run (through fileService.saveText), and a chart as
 * PNG. PNG is binary, which saveText cannot carry: it goes out as a download of the canvas's
 * Blob, which works in the browser edition (in the desktop app Electron turns the download into
 * its own save dialog; a binary save through window.mapfLab would be the cleaner path).
 */
import { experimentHash } from '../../../core/experiments/hash.ts';
import { reportHtml } from '../../../core/experiments/report/reportHtml.ts';
import { recordLine } from '../../../core/experiments/results.ts';
import { RECORD_COLUMNS, type RunRecord } from '../../../core/experiments/runRecord.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';
import { toCsv } from '../../../core/experiments/summary.ts';
import { fileService, solverService } from '../platform/index.ts';
import { downloadBlob } from '../platform/browserFileService.ts';
import { slug } from '../../../core/util/names.ts';

/** An experiment's name as a file name (dots kept: 'silver2005.v2'). */
export function slugName(name: string): string {
  return slug(name, { fallback: 'experiment', keepDots: true, lowerCase: false });
}

export function byId(records: readonly RunRecord[]): RunRecord[] {
  return [...records].sort((a, b) => a.id - b.id);
}

export function recordsCsv(records: readonly RunRecord[]): string {
  return toCsv(byId(records), RECORD_COLUMNS);
}

export function recordsJsonl(records: readonly RunRecord[]): string {
  return byId(records).map(recordLine).join('');
}

/** The machine as the page sees it: no host or user names (reports get shared). */
export function browserMachine(workers: number): Record<string, string | number> {
  return {
    app: 'mapf-lab',
    edition: solverService.edition,
    userAgent: navigator.userAgent,
    cores: navigator.hardwareConcurrency || 0,
    workers,
    date: new Date().toISOString(),
  };
}

export async function reportText(experiment: Experiment, records: readonly RunRecord[], runsPlanned: number, workers: number): Promise<string> {
  // The page's scripts, inlined so the report opens offline; loaded only when a report is made.
  const [chartJs, drawCharts] = await Promise.all([
    import('../../../node_modules/chart.js/dist/chart.umd.min.js?raw'),
    import('../../../assets/report/drawCharts.js?raw'),
  ]);
  return reportHtml({
    experiment,
    experimentHash: experimentHash(experiment),
    records: byId(records),
    runsPlanned,
    machines: [browserMachine(workers)],
    scripts: { chartJs: chartJs.default, drawCharts: drawCharts.default },
    generatedAt: new Date().toISOString(),
    generator: `MAPF Lab (${solverService.edition} edition)`,
  });
}

export async function saveReport(experiment: Experiment, records: readonly RunRecord[], runsPlanned: number, workers: number): Promise<void> {
  const html = await reportText(experiment, records, runsPlanned, workers);
  await fileService.saveText(`${slugName(experiment.name)}-report.html`, html, [{ name: 'HTML report', extensions: ['html'] }]);
}

export async function saveCsv(experiment: Experiment, records: readonly RunRecord[]): Promise<void> {
  await fileService.saveText(`${slugName(experiment.name)}-results.csv`, recordsCsv(records), [{ name: 'CSV', extensions: ['csv'] }]);
}

export async function saveJsonl(experiment: Experiment, records: readonly RunRecord[]): Promise<void> {
  await fileService.saveText(`${slugName(experiment.name)}-results.jsonl`, recordsJsonl(records), [{ name: 'JSON Lines', extensions: ['jsonl'] }]);
}

export function saveCanvasPng(canvas: HTMLCanvasElement, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('the chart could not be encoded as PNG'));
      downloadBlob(name, blob);
      resolve();
    }, 'image/png');
  });
}
