/** Commands that edit the scenario's settings: solver, movement rules, name, timed events. */
import { z } from 'zod';
import { checkScenarioOnGrid } from '../../../core/scenario/checks.ts';
import { MapEventSchema, OBSTACLE_KNOWLEDGE, ObstacleSchema, SolverSettingsSchema } from '../../../core/scenario/schema.ts';
import { formatPath } from '../../../core/scenario/scenarioError.ts';
import { TimeScaleSchema } from '../../../core/scenario/timeScaleSchema.ts';
import type { CommandDefinition } from './commandContext.ts';
import { CommandError } from './commandTypes.ts';
import { drawnProblem } from './drawnProblem.ts';

/** The first problem zod found under `root`, in the editor's words (drawnProblem.ts). */
function firstIssue(root: string, error: z.ZodError): CommandError {
  const issue = error.issues[0];
  return new CommandError(drawnProblem({ path: formatPath([root, ...issue.path]), message: issue.message }));
}

export const setSolverSettings: CommandDefinition<'setSolverSettings'> = {
  // Not an undo step: comparing four solvers took four Ctrl+Z to reach the last map edit.
  history: 'unrecorded',
  run(context, { settings }) {
    const parsed = SolverSettingsSchema.safeParse({ ...context.doc.solver, ...settings });
    if (!parsed.success) throw firstIssue('solver', parsed.error);
    if (JSON.stringify(parsed.data) === JSON.stringify(context.doc.solver)) return;
    context.tx.apply({ kind: 'field', field: 'solver', value: parsed.data });
  },
};

const MovementSchema = z.object({
  connectivity: z.union([z.literal(4), z.literal(8)]),
  corners: z.enum(['no-cut', 'cut']),
}).strict();

export const setMovement: CommandDefinition<'setMovement'> = {
  history: 'immediate',
  run(context, { movement }) {
    const parsed = MovementSchema.safeParse({ ...context.doc.movement, ...movement });
    if (!parsed.success) throw firstIssue('movement', parsed.error);
    const current = context.doc.movement;
    if (parsed.data.connectivity === current.connectivity && parsed.data.corners === current.corners) return;
    context.tx.apply({ kind: 'field', field: 'movement', value: parsed.data });
  },
};

export const setName: CommandDefinition<'setName'> = {
  history: 'immediate',
  run(context, { name }) {
    if (typeof name !== 'string' || name.trim().length === 0) throw new CommandError('name: the scenario needs a name');
    if (name !== context.doc.name) context.tx.apply({ kind: 'field', field: 'name', value: name });
  },
};

/** The moving obstacles as a whole (the Obstacle tool), checked on the map: waypoints free and joined, none on a unit's start. */
export const setObstacles: CommandDefinition<'setObstacles'> = {
  history: 'immediate',
  run(context, { obstacles }) {
    const parsed = z.array(ObstacleSchema).safeParse(obstacles);
    if (!parsed.success) throw firstIssue('obstacles', parsed.error);
    const problems = checkScenarioOnGrid({ agents: context.doc.agents, events: [], obstacles: parsed.data }, context.doc.grid).filter((p) => p.path.startsWith('obstacles'));
    if (problems.length > 0) throw new CommandError(drawnProblem(problems[0]));
    context.tx.apply({ kind: 'field', field: 'obstacles', value: parsed.data });
  },
};

/** What units know of the moving obstacles ('now' or 'timetable'). */
export const setKnowledge: CommandDefinition<'setKnowledge'> = {
  history: 'immediate',
  run(context, { knowledge }) {
    if (!(OBSTACLE_KNOWLEDGE as readonly string[]).includes(knowledge)) throw new CommandError(`knowledge must be ${OBSTACLE_KNOWLEDGE.join(' or ')}, got ${JSON.stringify(knowledge)}`);
    if (context.doc.knowledge !== knowledge) context.tx.apply({ kind: 'field', field: 'knowledge', value: knowledge });
  },
};

/** The game's turn length and cell width (undefined, or an empty object: not said). */
export const setScale: CommandDefinition<'setScale'> = {
  history: 'immediate',
  run(context, { scale }) {
    const parsed = TimeScaleSchema.optional().safeParse(scale);
    if (!parsed.success) throw firstIssue('scale', parsed.error);
    const given = parsed.data ? Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) : {};
    const next = Object.keys(given).length > 0 ? given : undefined;
    if (JSON.stringify(context.doc.scale) !== JSON.stringify(next)) context.tx.apply({ kind: 'field', field: 'scale', value: next });
  },
};

export const setEvents: CommandDefinition<'setEvents'> = {
  history: 'immediate',
  run(context, { events }) {
    const parsed = z.array(MapEventSchema).safeParse(events);
    if (!parsed.success) throw firstIssue('events', parsed.error);
    const problems = checkScenarioOnGrid({ agents: [], events: parsed.data }, context.doc.grid);
    if (problems.length > 0) throw new CommandError(drawnProblem(problems[0]));
    context.tx.apply({ kind: 'field', field: 'events', value: parsed.data });
  },
};
