/**
 * What PlanViz's loader for the League's 2024 output (MAPF-Competition/PlanViz,
 * script/plan_config.py, PlanConfig2024.load_plan: load_paths, load_errors,
 * load_sequential_tasks, load_schedule, load_events) reads, re-stated here so the tests can
 * check our export field by field: it raises where PlanViz raises or asserts, and returns each
 * robot's executed states (row, column, heading) replayed from `start` and `actualPaths`.
 * PlanViz numbers headings counter-clockwise (E 0, N 1, W 2, S 3); here they are converted to
 * ours (E 0, S 1, W 2, N 3) to compare with the app's.
 */
const PLANVIZ_DIRECTION: Record<string, number> = { E: 0, N: 1, W: 2, S: 3 };
const OURS_FROM_PLANVIZ = [0, 3, 2, 1];

export interface PlanVizRead {
  teamSize: number;
  makespan: number;
  states: [number, number, number][][];
  finishedEvents: number;
}

export function readLikePlanViz(doc: Record<string, unknown>): PlanVizRead {
  const data = doc as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const teamSize = data.teamSize;
  if (typeof teamSize !== 'number') throw new Error('teamSize missing');
  if (!('makespan' in data)) throw new Error('Missing makespan!');
  if (!('actionModel' in data)) throw new Error('Missing action model!');
  if (data.actionModel !== 'MAPF_T') throw new Error(`action model ${data.actionModel} is not the turning model`);
  const states: [number, number, number][][] = [];
  for (const field of ['actualPaths', 'plannerPaths']) {
    if (!(field in data)) throw new Error(`Missing ${field}.`);
    if (!Array.isArray(data[field])) throw new Error(`${field} must be a list.`);
    if (data[field].length < teamSize) throw new Error(`${field} must contain at least ${teamSize} entries.`);
    for (let a = 0; a < teamSize; a++) {
      const text = data[field][a];
      if (typeof text !== 'string') throw new Error(`${field}[${a}] must be a string.`);
      for (const part of text.split(',')) if (part.trim() !== '' && !'FRCWT'.includes(part.trim())) throw new Error(`${field}[${a}]: motion '${part}' is not MAPF_T's`);
    }
  }
  for (let a = 0; a < teamSize; a++) {
    const start = data.start[a];
    if (!(start[2] in PLANVIZ_DIRECTION)) throw new Error(`start of agent ${a}: direction ${start[2]}`);
    let [row, col, ori] = [Number(start[0]), Number(start[1]), PLANVIZ_DIRECTION[start[2]]];
    const path: [number, number, number][] = [[row, col, OURS_FROM_PLANVIZ[ori]]];
    for (const motion of (data.actualPaths[a] as string).split(',').map((m) => m.trim()).filter((m) => m !== '')) {
      if (motion === 'F') {
        row -= Math.round(Math.sin((ori * Math.PI) / 2));
        col += Math.round(Math.cos((ori * Math.PI) / 2));
      } else if (motion === 'R') ori = (ori + 3) % 4;
      else if (motion === 'C') ori = (ori + 1) % 4;
      path.push([row, col, OURS_FROM_PLANVIZ[ori]]);
    }
    states.push(path);
  }
  for (const key of ['errors', 'scheduleErrors']) for (const err of data[key] ?? []) if (err.length !== 4 && err.length !== 5) throw new Error(`${key}: an entry of ${err.length} fields`);
  // Tasks: [id, release step, [row, column, ...]]; at least one, or load_events' assert fails.
  const tasks = new Map<number, { release: number; errands: number }>();
  for (const task of data.tasks ?? []) {
    if (task.length !== 3 || !Array.isArray(task[2]) || task[2].length % 2 !== 0) throw new Error(`task ${JSON.stringify(task)}`);
    if (task[1] > data.makespan) continue;
    tasks.set(task[0], { release: task[1], errands: task[2].length / 2 });
  }
  if (tasks.size === 0) throw new Error('assert max_seq_num > -1: no task revealed within the makespan');
  if (!('actualSchedule' in data)) throw new Error('no actualSchedule');
  (data.actualSchedule as string[]).forEach((schedule, a) => {
    for (const element of schedule.split(',')) {
      const [stepText, taskText] = element.split(':');
      const step = Number.parseInt(stepText, 10);
      const task = Number.parseInt(taskText, 10);
      if (!/^\s*-?\d+\s*$/.test(stepText ?? '') || !/^\s*-?\d+\s*$/.test(taskText ?? '')) throw new Error(`actualSchedule[${a}]: '${element}' is not step:task (int() raises)`);
      if (step > data.makespan || task === -1) continue;
      if (!tasks.has(task)) throw new Error(`actualSchedule[${a}]: task ${task} is not among the tasks (assert task_id in seq_tasks)`);
    }
  });
  let finishedEvents = 0;
  for (const event of data.events) {
    const [step, agent, task, next] = event;
    if (event.length !== 4) throw new Error(`event ${JSON.stringify(event)}: four fields expected`);
    if (step > data.makespan) continue;
    const known = tasks.get(task);
    if (!known) throw new Error(`event for task ${task}, not among the tasks (KeyError)`);
    if (next < 1 || next > known.errands) throw new Error(`event for task ${task}: errand ${next} of ${known.errands} (IndexError)`);
    if (agent < 0 || agent >= teamSize) throw new Error(`event for robot ${agent}`);
    if (next === known.errands) finishedEvents++;
  }
  return { teamSize, makespan: data.makespan, states, finishedEvents };
}
