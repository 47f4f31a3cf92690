import { describe, expect, it } from 'vitest';
import { kneeSentence, throughputKnees } from '../../../core/experiments/throughputKnee.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';

const run = (label: string, agents: number, tasksPerStep: number, status: RunRecord['status'] = 'solved') => ({ label, agents, tasksPerStep, status }) as RunRecord;

describe('the throughput knee of a lifelong experiment', () => {
  it('finds the smallest team reaching 90% of the best, the best, and a fall past it', () => {
    const [k] = throughputKnees([run('epibt · random', 50, 1.0), run('epibt · random', 100, 2.0), run('epibt · random', 100, 2.2), run('epibt · random', 200, 2.9), run('epibt · random', 400, 3.1), run('epibt · random', 800, 2.0)]);
    expect(k.points.map((p) => p.robots)).toEqual([50, 100, 200, 400, 800]);
    expect(k.points[1].tasksPerStep).toBeCloseTo(2.1, 9);
    expect(k.knee.robots).toBe(200);
    expect(k.best.robots).toBe(400);
    expect(kneeSentence(k)).toBe('epibt · random: 90% of the best throughput by 200 robots (2.90 tasks a step); best 3.10 tasks a step at 400 robots; 800 robots give 2.00 tasks a step.');
  });

  it('says a curve still rising at its largest team, and leaves out runs that measured nothing', () => {
    const knees = throughputKnees([run('a', 10, 1), run('a', 20, 3), run('a', 40, 0, 'error'), run('b', 10, 5)]);
    expect(knees.map((k) => k.label)).toEqual(['a', 'b']);
    expect(kneeSentence(knees[0])).toMatch(/still rising at the largest team tried \(20 robots, 3\.00 tasks a step\)/);
    expect(kneeSentence(knees[1])).toMatch(/one team size tried/);
  });
});
