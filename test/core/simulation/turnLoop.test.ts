import { describe, expect, it } from 'vitest';
import { type TurnLoop, type TurnStage, playTurns } from '../../../core/simulation/turnLoop.ts';

/** A loop that logs every stage it goes through; `late[t]` turns lost at turn t, `stopPlanAt` / `stopAfter` / `overAt` end it. */
function loggingLoop(log: string[], options: { late?: Record<number, number>; stopPlanAt?: number; stopAfter?: number; overAt?: number } = {}): TurnLoop {
  let clock = 0;
  const door: TurnStage = {
    change: (t, start) => log.push(`door.change ${t}@${start}`),
    refuse: (t) => log.push(`door.refuse ${t}`),
    moved: (t) => log.push(`door.moved ${t}`),
  };
  const tasks: TurnStage = { change: (t) => log.push(`tasks.change ${t}`) };
  return {
    clock: () => clock++,
    world: [door, tasks],
    begin: (t) => {
      log.push(`begin ${t}`);
      return t !== options.overAt;
    },
    plan: (t) => {
      log.push(`plan ${t}`);
      return t === options.stopPlanAt ? -1 : (options.late?.[t] ?? 0);
    },
    lost: (t) => log.push(`lost ${t}`),
    resolve: (t) => log.push(`resolve ${t}`),
    move: (t) => log.push(`move ${t}`),
    measure: (t) => {
      log.push(`measure ${t}`);
      return t !== options.stopAfter;
    },
  };
}

describe('the turn loop', () => {
  it('plays each turn as its stages in order: begin, the world changes, plan, refusals, resolve, move, the world follows, measure', () => {
    const log: string[] = [];
    expect(playTurns(loggingLoop(log), 2)).toBe(2);
    expect(log).toEqual([
      'begin 0', 'door.change 0@0', 'tasks.change 0', 'plan 0', 'door.refuse 0', 'resolve 0', 'move 0', 'door.moved 0', 'measure 0',
      'begin 1', 'door.change 1@1', 'tasks.change 1', 'plan 1', 'door.refuse 1', 'resolve 1', 'move 1', 'door.moved 1', 'measure 1',
    ]);
  });

  it('plays a late plan after the turns it lost, and stops at the limit inside them', () => {
    const log: string[] = [];
    expect(playTurns(loggingLoop(log, { late: { 1: 2 } }), 6)).toBe(6);
    // Turn 1's plan came two turns late: turns 1 and 2 are lost, its plan is played as turn 3.
    expect(log.filter((l) => l.startsWith('lost') || l.startsWith('measure') || l.startsWith('plan'))).toEqual([
      'plan 0', 'measure 0', 'plan 1', 'lost 1', 'lost 2', 'measure 3', 'plan 4', 'measure 4', 'plan 5', 'measure 5',
    ]);
    const cut: string[] = [];
    expect(playTurns(loggingLoop(cut, { late: { 1: 5 } }), 4)).toBe(4);
    expect(cut.slice(-4)).toEqual(['plan 1', 'lost 1', 'lost 2', 'lost 3']);
  });

  it('ends before a turn begin refuses, without playing a turn cut short by its plan, and after a turn its measure ends', () => {
    const over: string[] = [];
    expect(playTurns(loggingLoop(over, { overAt: 1 }), 5)).toBe(1);
    expect(over.at(-1)).toBe('begin 1');
    const stopped: string[] = [];
    expect(playTurns(loggingLoop(stopped, { stopPlanAt: 2 }), 5)).toBe(2);
    expect(stopped.slice(-2)).toEqual(['tasks.change 2', 'plan 2']);
    const cancelled: string[] = [];
    expect(playTurns(loggingLoop(cancelled, { stopAfter: 0 }), 5)).toBe(1);
    expect(cancelled.at(-1)).toBe('measure 0');
    expect(playTurns(loggingLoop([]), 0)).toBe(0);
  });
});
