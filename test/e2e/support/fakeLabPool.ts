/**
 * Main's part of the desktop lab for the preload stand-in (add it after FAKE_DESKTOP_API): a
 * pool that answers labStart with made-up records in batches, obeys pause, resume and cancel,
 * and records every call, plus the experiment file's open and save and the files it names. Main's real pool is unit
 * tested in test/main/labSweeps.test.ts; this checks the renderer's side in a real browser.
 */
export const FAKE_LAB_POOL = `
(() => {
  const desktop = window.__desktop;
  const listeners = [];
  const sweeps = new Map();
  desktop.nextExperiment = null;
  /** Files main would find beside the experiment, by the name the experiment gives. */
  desktop.experimentFiles = {};
  const record = (run) => {
    const rate = Math.max(0, Math.min(1, 1.2 - run.agents / (30 + 10 * (run.label.length % 3))));
    const path = 10 + run.agents / 3;
    return {
      id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed,
      status: rate === 1 ? 'solved' : 'failed', message: 'made up by the test', successes: Math.round(rate * run.agents), arrived: Math.round(rate * run.agents), successRate: rate,
      meanPathLength: path, meanLowerBound: path * 0.9, pathRatio: 1.11, cyclesPerAgent: 0.1 * run.agents, waitsPerAgent: 1, collisions: 0, replans: 0,
      initMs: run.agents * 0.5, maxTurnMs: run.agents * 0.05, meanTurnMs: 0.01, turns: 40, expanded: 1000, reservationsMax: 10,
      costModel: 'rest', sumOfCosts: rate === 1 ? path * run.agents : NaN, makespan: rate === 1 ? path + 5 : NaN, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN, streamThroughput: NaN, streamExitThroughput: NaN, streamTimeMean: NaN, streamTimeP95: NaN, streamTimeMax: NaN, streamAppeared: NaN, streamLeft: NaN, streamBacklogEnd: NaN, tasksFinished: NaN, tasksPerStep: NaN, elapsedMs: 3,
    };
  };
  Object.assign(window.mapfLab, {
    labStart(ticket, request) {
      desktop.calls.push(['labStart', request.workers, request.runs.length]);
      return new Promise((resolve) => {
        const sweep = { state: 'running', done: 0, failed: 0 };
        sweeps.set(ticket, sweep);
        const total = request.runs.length;
        const progress = () => ({ done: sweep.done, total, failed: 0, running: sweep.state === 'running' ? request.workers : 0, state: sweep.state, elapsedMs: 0, etaMs: undefined });
        const end = (cancelled) => {
          clearInterval(timer);
          sweeps.delete(ticket);
          sweep.state = cancelled ? 'cancelled' : 'finished';
          resolve({ records: [], cancelled, progress: progress() });
        };
        sweep.control = (action) => {
          desktop.calls.push(['labControl', action]);
          if (action === 'cancel') return end(true);
          sweep.state = action === 'pause' ? 'paused' : 'running';
          listeners.forEach((l) => l(ticket, { records: [], progress: progress() }));
        };
        const timer = setInterval(() => {
          if (sweep.state !== 'running') return;
          const batch = request.runs.slice(sweep.done, sweep.done + request.workers).map(record);
          sweep.done += batch.length;
          listeners.forEach((l) => l(ticket, { records: batch, progress: progress() }));
          if (sweep.done >= total) end(false);
        }, 60);
      });
    },
    labControl(ticket, action) {
      sweeps.get(ticket)?.control(action);
    },
    onLabUpdate(listener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    labOpenExperiment: async () => {
      desktop.calls.push(['labOpen']);
      return desktop.nextExperiment;
    },
    labReadExperimentFile: async (name) => {
      desktop.calls.push(['labRead', name]);
      const text = desktop.experimentFiles[name];
      if (text === undefined) throw new Error(name + ': no such file beside the experiment');
      return { name: name.split('/').pop(), text };
    },
    labSaveExperiment: async (name, text, options) => {
      desktop.calls.push(['labSave', name, options && options.reuseCurrentFile === true, text.length]);
      return { saved: true, name };
    },
  });
})();
`;
