/**
 * Commands that edit units. Each applies its change and then checks every unit against the map
 * (footprint on free cells, no shared starts or goals) with the scenario loader's own check, so
 * an edit that would make an invalid scenario is refused with the loader's message and rolled
 * back.
 */
import { z } from 'zod';
import { defaultAgentColor } from '../../../core/mapf/agentColors.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { checkScenarioOnGrid } from '../../../core/scenario/checks.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import type { CommandContext, CommandDefinition } from './commandContext.ts';
import { CommandError, type AgentProps, type XY } from './commandTypes.ts';
import { checkPoint } from './mapCommands.ts';

const AgentPropsSchema = z.object({
  name: z.string(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'),
  priority: z.number().int(),
  size: z.number().int().min(1),
  speed: z.number().int().min(1),
}).partial().strict();

function checkProps(props: AgentProps): void {
  const parsed = AgentPropsSchema.safeParse(props);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError(`${issue.path.length > 0 ? `${String(issue.path[0])}: ` : ''}${issue.message}`);
  }
}

/** Throws the first placement problem of the document's units. */
function checkUnits(context: CommandContext): void {
  const problems = checkScenarioOnGrid({ agents: context.doc.agents, events: [] }, context.doc.grid);
  if (problems.length > 0) throw new CommandError(problems[0].message);
}

function indexOf(context: CommandContext, id: string): number {
  const index = context.doc.agents.findIndex((a) => a.id === id);
  if (index < 0) throw new CommandError(`no unit with id '${id}'`);
  return index;
}

function nextId(agents: readonly ScenarioAgent[]): string {
  const taken = new Set(agents.map((a) => a.id));
  for (let n = agents.length + 1; ; n++) if (!taken.has(`a${n}`)) return `a${n}`;
}

export const addAgent: CommandDefinition<'addAgent'> = {
  history: 'immediate',
  run(context, { start, goal, id, name, colour, priority, size, speed }) {
    checkPoint('start', start);
    checkPoint('goal', goal);
    checkProps({ name, colour, priority, size, speed });
    const agents = context.doc.agents;
    if (id !== undefined && (id.length === 0 || agents.some((a) => a.id === id))) throw new CommandError(`id '${id}' is empty or already used`);
    // A person reads units by number from 1: a unit placed without a name is 'Unit N', as the
    // template's and a .scen's units are, not its id ('a3').
    const agent = completeAgent({ id: id ?? nextId(agents), name: name ?? `Unit ${agents.length + 1}`, colour: colour ?? defaultAgentColor(agents.length), start, goal, priority, size, speed }, agents.length);
    context.tx.apply({ kind: 'agentSplice', index: agents.length, remove: 0, insert: [agent] });
    checkUnits(context);
    context.created.push(agent.id);
  },
};

export const removeAgents: CommandDefinition<'removeAgents'> = {
  history: 'immediate',
  run(context, { ids }) {
    const indices = ids.map((id) => indexOf(context, id)).sort((a, b) => b - a);
    // From the highest index down, so earlier removals do not shift later ones.
    let last = -1;
    for (const index of indices) {
      if (index === last) continue;
      context.tx.apply({ kind: 'agentSplice', index, remove: 1, insert: [] });
      last = index;
    }
  },
};

function moveEnd(context: CommandContext, id: string, to: XY, end: 'start' | 'goal'): void {
  checkPoint('to', to);
  const index = indexOf(context, id);
  const agent = context.doc.agents[index];
  if (agent[end][0] === to[0] && agent[end][1] === to[1]) return;
  context.tx.apply({ kind: 'agentSet', indices: [index], agents: [{ ...agent, [end]: [to[0], to[1]] }] });
  checkUnits(context);
}

export const moveAgentStart: CommandDefinition<'moveAgentStart'> = {
  history: 'immediate',
  run: (context, { id, to }) => moveEnd(context, id, to, 'start'),
};

export const moveAgentGoal: CommandDefinition<'moveAgentGoal'> = {
  history: 'immediate',
  run: (context, { id, to }) => moveEnd(context, id, to, 'goal'),
};

export const setAgentProps: CommandDefinition<'setAgentProps'> = {
  history: 'immediate',
  run(context, { ids, props }) {
    checkProps(props);
    const defined = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) as AgentProps;
    if (defined.colour !== undefined) defined.colour = defined.colour.toLowerCase();
    const indices = [...new Set(ids.map((id) => indexOf(context, id)))];
    if (indices.length === 0 || Object.keys(defined).length === 0) return;
    const agents = indices.map((i) => ({ ...context.doc.agents[i], ...defined }));
    context.tx.apply({ kind: 'agentSet', indices, agents });
    if (defined.size !== undefined) checkUnits(context);
  },
};

export const placeRandomAgents: CommandDefinition<'placeRandomAgents'> = {
  history: 'immediate',
  run(context, { count, seed }) {
    if (!Number.isInteger(seed)) throw new CommandError(`seed must be a whole number, got ${seed}`);
    const { grid } = context.doc;
    const tasks = randomTasks(grid, count, seed);
    const agents = tasks.map((task, i) => completeAgent({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: [grid.x(task.start), grid.y(task.start)], goal: [grid.x(task.goal), grid.y(task.goal)] }, i));
    context.tx.apply({ kind: 'agentSplice', index: 0, remove: context.doc.agents.length, insert: agents });
    context.created.push(...agents.map((a) => a.id));
  },
};

export const setAgents: CommandDefinition<'setAgents'> = {
  history: 'immediate',
  run(context, { agents }) {
    const ids = new Set<string>();
    const next = agents.map((input, i) => {
      checkPoint(`agents[${i}].start`, input.start);
      checkPoint(`agents[${i}].goal`, input.goal);
      const { id, start, goal, ...props } = input;
      checkProps(props);
      if (typeof id !== 'string' || id.length === 0 || ids.has(id)) throw new CommandError(`agents[${i}].id: id '${id}' is empty or already used`);
      ids.add(id);
      return completeAgent({ id, start, goal, ...props }, i);
    });
    context.tx.apply({ kind: 'agentSplice', index: 0, remove: context.doc.agents.length, insert: next });
    checkUnits(context);
  },
};
