/**
 * A scenario problem found in something the designer drew (a spawner, an exit, a region, a door,
 * an obstacle) said in the editor's words: the thing by its kind and number from 1 as the panels
 * list it ("Exit 3 'dock 3'"), the part of it ("its area's corner"), then what is wrong; the JSON
 * path follows in brackets for whoever fixes it in the JSON editor. The loader's own messages name
 * fields by path ("exits[2].area: ..."), which is right for a file and jargon on the canvas.
 */
import type { ScenarioProblem } from '../../../core/scenario/scenarioError.ts';

const THINGS: Record<string, { noun: string; who: RegExp }> = {
  agents: { noun: 'Unit', who: who('unit') },
  spawners: { noun: 'Spawner', who: who('spawner') },
  exits: { noun: 'Exit', who: who('exit') },
  regions: { noun: 'Region', who: who('region') },
  events: { noun: 'Door', who: who('door') },
  obstacles: { noun: 'Obstacle', who: who('obstacle') },
  tasks: { noun: 'Task list', who: who('task list') },
};

/** The loader's "exit 'dock 3': " before a message, which the thing's number replaces. */
function who(kind: string): RegExp {
  return new RegExp(`^${kind} '([^']*)'[:,]? ?`);
}

/** A field path after the thing's index in words: ".area.from" -> "its area's corner". */
function fieldWords(rest: string): string {
  const parts = rest.split('.').filter((p) => p !== '');
  if (parts.length === 0) return '';
  // A goal names an exit, a region or a cell: it is the goal either way.
  if (parts[0] === 'goal') return 'its goal';
  const word = (part: string): string => {
    const item = /^(\w+)\[(\d+)\]$/.exec(part);
    if (item) {
      const n = Number(item[2]) + 1;
      if (item[1] === 'cells') return `cell ${n}`;
      if (item[1] === 'route') return `waypoint ${n}`;
      if (item[1] === 'goals') return `goal ${n}`;
      return `${item[1]} ${n}`;
    }
    if (part === 'from' || part === 'to') return 'corner';
    return part;
  };
  const words = parts.map(word);
  return `its ${words.join("'s ")}`;
}

/** References to other things inside a message ("(agents[0])", "regions[1]") numbered from 1. */
function referencesInWords(message: string): string {
  return message.replace(/\b(agents|spawners|exits|regions|events|obstacles|tasks)\[(\d+)\]/g, (_, kind: string, i: string) => `${THINGS[kind].noun.toLowerCase()} ${Number(i) + 1}`);
}

export function drawnProblem(problem: ScenarioProblem): string {
  const match = /^(agents|spawners|exits|regions|events|obstacles|tasks)\[(\d+)\](.*)$/.exec(problem.path);
  if (!match) return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`;
  const thing = THINGS[match[1]];
  const who = thing.who.exec(problem.message);
  const name = who ? ` '${who[1]}'` : '';
  const message = referencesInWords(who ? problem.message.slice(who[0].length) : problem.message);
  const field = fieldWords(match[3]);
  return `${thing.noun} ${Number(match[2]) + 1}${name}${field ? `, ${field}` : ''}: ${message} (JSON: ${problem.path})`;
}
