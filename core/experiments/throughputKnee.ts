/**
 * Where adding robots stops adding throughput, per curve of a lifelong experiment (one planner on
 * one LoRR problem across team sizes): the smallest team that reaches nine tenths of the curve's
 * best throughput (its knee), the best and its team, and whether larger teams then give less
 * (congestion). The League's 2023 report shows the shape on random-32-32-20: throughput rises
 * with robots, peaks near 400 and falls. Runs that measured nothing (errors) are left out.
 */
import type { RunRecord } from './runRecord.ts';

/** The share of the best throughput a team must reach to be the knee. */
export const KNEE_SHARE = 0.9;

export interface TeamThroughput {
  robots: number;
  tasksPerStep: number;
}

export interface ThroughputKnee {
  label: string;
  /** Mean tasks a step per team size tried, smallest team first. */
  points: TeamThroughput[];
  knee: TeamThroughput;
  best: TeamThroughput;
  /** The largest team tried, when it gave less than the best (past the peak). */
  largest: TeamThroughput;
}

export function throughputKnees(records: readonly RunRecord[]): ThroughputKnee[] {
  const byLabel = new Map<string, Map<number, number[]>>();
  for (const r of records) {
    if (r.status === 'error' || !Number.isFinite(r.tasksPerStep)) continue;
    let sizes = byLabel.get(r.label);
    if (sizes === undefined) byLabel.set(r.label, (sizes = new Map()));
    const list = sizes.get(r.agents);
    if (list === undefined) sizes.set(r.agents, [r.tasksPerStep]);
    else list.push(r.tasksPerStep);
  }
  const knees: ThroughputKnee[] = [];
  for (const [label, sizes] of byLabel) {
    const points = [...sizes].map(([robots, values]) => ({ robots, tasksPerStep: values.reduce((a, b) => a + b, 0) / values.length })).sort((a, b) => a.robots - b.robots);
    const best = points.reduce((a, b) => (b.tasksPerStep > a.tasksPerStep ? b : a));
    const knee = points.find((p) => p.tasksPerStep >= KNEE_SHARE * best.tasksPerStep)!;
    knees.push({ label, points, knee, best, largest: points[points.length - 1] });
  }
  return knees;
}

/** The knee in a sentence a designer reads, team sizes and throughput in tasks a step. */
export function kneeSentence(k: ThroughputKnee): string {
  const a = (p: TeamThroughput) => `${p.tasksPerStep.toFixed(2)} tasks a step`;
  if (k.points.length < 2) return `${k.label}: one team size tried (${k.best.robots} robots, ${a(k.best)}); try more to find where adding robots stops helping.`;
  const rise = k.best === k.largest
    ? `still rising at the largest team tried (${k.best.robots} robots, ${a(k.best)}): try larger teams`
    : `best ${a(k.best)} at ${k.best.robots} robots; ${k.largest.robots} robots give ${a(k.largest)}`;
  return `${k.label}: ${Math.round(KNEE_SHARE * 100)}% of the best throughput by ${k.knee.robots} robots (${a(k.knee)}); ${rise}.`;
}
