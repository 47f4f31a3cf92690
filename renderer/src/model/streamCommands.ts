/**
 * A stream's spawners and exits in the editor (the Spawner and Exit tools, the Streams panel):
 * replaced as a whole, one undo step, checked as the file is (schema, unique names, goals naming
 * exits that exist, areas on the map with a free cell: core/scenario/streamChecks.ts).
 */
import { z } from 'zod';
import { ExitSchema, SpawnerSchema, type ScenarioExit, type ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import { checkStreamNames, checkStreamsOnGrid } from '../../../core/scenario/streamChecks.ts';
import { formatPath, type ScenarioProblem } from '../../../core/scenario/scenarioError.ts';
import type { CommandDefinition } from './commandContext.ts';
import { CommandError } from './commandTypes.ts';
import { drawnProblem } from './drawnProblem.ts';

export const setStreams: CommandDefinition<'setStreams'> = {
  history: 'immediate',
  run(context, command) {
    const doc = context.doc;
    const spawnersIn = command.spawners ?? doc.spawners ?? [];
    const exitsIn = command.exits ?? doc.exits ?? [];
    const spawners = z.array(SpawnerSchema).safeParse(spawnersIn);
    if (!spawners.success) throw new CommandError(drawnProblem({ path: formatPath(['spawners', ...spawners.error.issues[0].path]), message: spawners.error.issues[0].message }));
    const exits = z.array(ExitSchema).safeParse(exitsIn);
    if (!exits.success) throw new CommandError(drawnProblem({ path: formatPath(['exits', ...exits.error.issues[0].path]), message: exits.error.issues[0].message }));
    const parts = { agents: doc.agents, regions: doc.regions, spawners: spawners.data, exits: exits.data, tasks: doc.tasks ?? [] };
    const problems: ScenarioProblem[] = [];
    checkStreamNames(parts, problems);
    checkStreamsOnGrid(parts, doc.grid, problems);
    if (problems.length > 0) throw new CommandError(drawnProblem(problems[0]));
    if (JSON.stringify(spawners.data) !== JSON.stringify(doc.spawners ?? [])) context.tx.apply({ kind: 'field', field: 'spawners', value: spawners.data });
    if (JSON.stringify(exits.data) !== JSON.stringify(doc.exits ?? [])) context.tx.apply({ kind: 'field', field: 'exits', value: exits.data });
  },
};

/** A name not yet used: `${stem} 1`, `${stem} 2`, … (spawners are gates, exits docks: the canvas labels them 'spawner gate 1', 'exit dock 1'). */
export function nextStreamName(stem: string, names: readonly string[]): string {
  const used = new Set(names);
  let n = names.length + 1;
  while (used.has(`${stem} ${n}`)) n++;
  return `${stem} ${n}`;
}

/** A new spawner over a drawn rectangle: one unit every 5 turns, 20 in all, sent to the first exit. */
export function newSpawner(names: readonly string[], from: [number, number], to: [number, number], exit: string): ScenarioSpawner {
  return { name: nextStreamName('gate', names), area: { from, to }, startTurn: 0, every: 5, random: false, seed: 1, count: 20, goal: { exit }, size: 1, speed: 1, priority: 0 };
}

export function newExit(names: readonly string[], from: [number, number], to: [number, number]): ScenarioExit {
  return { name: nextStreamName('dock', names), area: { from, to } };
}
