/**
 * Solver settings (stored in the scenario: each change is a setSolverSettings or setMovement
 * command), Solve and Cancel, live mode, progress, and how the last solve ended.
 */
import { defaultStrategy, strategiesFor } from '../../../core/simulation/amongObstacles.ts';
import { SOLVERS, findSolver, obstacleFactory } from '../../../core/registry/registry.ts';
import { COST_MODELS, costModelOf } from '../../../core/mapf/plan.ts';
import { AGENT_ORDERS, type SolverSettings } from '../../../core/scenario/schema.ts';
import { solveStore } from '../solve/solveState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { cancelSolve, solveCurrent } from '../solve/solveActions.ts';
import { COOPERATIVE, DEFAULT_TIME_LIMIT_MS, TURN_CONTROLLERS, WINDOWED } from '../solve/solveRequest.ts';
import { dispatch } from '../state/editActions.ts';
import { NumberField } from './NumberField.tsx';
import { lorrStore } from '../lorr/lorrState.ts';
import { LorrSolverFields } from '../lorr/LorrSolverFields.tsx';
import { SolverParamFields, paramsForSolverChange } from './SolverParamFields.tsx';
import { idleLine, statusLine } from './statusLine.ts';
import { setLive } from '../solve/liveMode.ts';
import { solverService } from '../platform/index.ts';
import { STRATEGIES } from '../../../core/simulation/obstacleRules.ts';
import { UnusedParams } from './UnusedParams.tsx';
import { placeLockWords } from '../../../core/simulation/gridlock.ts';

const STRATEGY_LABELS: Record<(typeof STRATEGIES)[number], string> = {
  recalc: 'recalc: the whole path, when blocked',
  splice: 'splice: the next m steps',
  watch: 'watch: regions on the path',
  predict: 'predict: against the timetable, waiting',
  incremental: 'incremental: D* Lite',
};

function setSettings(settings: Partial<SolverSettings>): void {
  dispatch({ type: 'setSolverSettings', settings });
}

/** Only the desktop app's solver process can read its CPU time; a Web Worker cannot. */
const CPU_CLOCK_HERE = solverService.edition === 'desktop';

/**
 * The clock the time limit is counted on. 'cpu' (the solver's CPU time: a busy machine slows
 * the solve down but does not use up its limit) where the solver process can read it.
 */
function TimeLimitClockField({ value, disabled }: { value: 'wall' | 'cpu'; disabled: boolean }) {
  const title = CPU_CLOCK_HERE
    ? 'What the time limit counts. wall: elapsed time. cpu: the solver\'s own CPU time (on Linux its thread\'s, elsewhere its process\'s), so other programs keeping the machine busy do not use up the limit'
    : 'What the time limit counts: elapsed time. The browser cannot read a solver\'s CPU time; the desktop app and mapf-lab solve --time-limit-clock cpu can';
  return (
    <label className="field" title={title}>
      <span>Clock</span>
      <select value={value} disabled={disabled} onChange={(e) => setSettings({ timeLimitClock: e.target.value === 'cpu' ? 'cpu' : undefined })} data-testid="solver-time-limit-clock">
        <option value="wall">wall</option>
        <option value="cpu" disabled={!CPU_CLOCK_HERE}>
          cpu{CPU_CLOCK_HERE ? '' : ' (desktop app only)'}
        </option>
      </select>
    </label>
  );
}

export function SolvePanel() {
  const settings = useSlice(modelStore, (s) => s.solver);
  const movement = useSlice(modelStore, (s) => s.movement);
  const agents = useSlice(modelStore, (s) => s.agents);
  const obstacles = useSlice(modelStore, (s) => s.obstacles.length);
  const spawners = useSlice(modelStore, (s) => s.spawners.length);
  const knowledge = useSlice(modelStore, (s) => s.knowledge);
  const regions = useSlice(modelStore, (s) => s.regions);
  const revision = useSlice(modelStore, (s) => s.planRevision);
  const phase = useSlice(solveStore, (s) => s.phase);
  const progress = useSlice(solveStore, (s) => s.progress);
  const outcome = useSlice(solveStore, (s) => s.outcome);
  const live = useSlice(solveStore, (s) => s.live);
  const refused = useSlice(solveStore, (s) => s.refused);
  const refusedNow = refused !== null && refused.revision === revision;
  const running = phase === 'running';
  const lorr = useSlice(lorrStore, (s) => s.problem !== null);
  const cooperative = COOPERATIVE.has(settings.solver);
  const optimal = findSolver(settings.solver)?.optimal === true;
  const stale = outcome !== null && outcome.revision !== revision;

  return (
    <section className="panel" aria-label="Solver">
      <h2>Solver</h2>
      {lorr ? (
        <LorrSolverFields running={running} />
      ) : (
        <>
        <label className="field">
          <span>Algorithm</span>
          <select
            value={settings.solver}
            disabled={running}
            onChange={(e) => setSettings({ solver: e.target.value, params: paramsForSolverChange(settings.params, findSolver(settings.solver)?.params ?? [], findSolver(e.target.value)?.params ?? []) })}
            data-testid="solver-select"
          >
            {SOLVERS.map((s) => (
              <option key={s.name} value={s.name}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <div className="field-row">
          {WINDOWED.has(settings.solver) && (
            <NumberField label="Window (turns)" title="WHCA*: how many turns ahead each unit reserves its path before planning again; longer windows cooperate further ahead and cost more per replan (default 16)" value={settings.window} placeholder="16" min={1} onCommit={(window) => setSettings({ window })} testId="solver-window" disabled={running} />
          )}
          <NumberField
            label="Time limit (s)"
            title="Budget of one solve, on the clock beside it; a solver that runs out stops and shows the best plan it has, if any (default 30 s)"
            value={settings.timeLimitMs === undefined ? undefined : settings.timeLimitMs / 1000}
            placeholder={String(DEFAULT_TIME_LIMIT_MS / 1000)}
            min={0.001}
            step="any"
            onCommit={(s) => setSettings({ timeLimitMs: s === undefined ? undefined : Math.max(1, Math.round(s * 1000)) })}
            testId="solver-time-limit"
            disabled={running}
          />
          <TimeLimitClockField value={settings.timeLimitClock ?? 'wall'} disabled={running} />
          {TURN_CONTROLLERS.has(settings.solver) && (
            <NumberField label="Turn limit" title="Most turns a run may take; units not on their goals by then did not arrive (auto: 4 x (width + height))" value={settings.turnLimit} placeholder="auto" min={1} onCommit={(turnLimit) => setSettings({ turnLimit })} testId="solver-turn-limit" disabled={running} />
          )}
        </div>
        <div className="field-row">
          {cooperative && (
            <label className="field" title="Which unit plans first and so gets the first pick of the space-time reservations: given (file order), random (shuffled by the seed), priority (highest first), distance (longest task first)">
              <span>Order</span>
              <select value={settings.order} disabled={running} onChange={(e) => setSettings({ order: e.target.value as SolverSettings['order'] })} data-testid="solver-order">
                {AGENT_ORDERS.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </label>
          )}
          {optimal && (
            <label className="field" title="What the optimal solvers minimise. away (Standley): steps a unit is not waiting on its goal. rest: time until it rests on its goal for good.">
              <span>Cost</span>
              <select
                value={costModelOf(settings.params)}
                disabled={running}
                onChange={(e) => setSettings({ params: { ...settings.params, costModel: e.target.value } })}
                data-testid="solver-cost-model"
              >
                {COST_MODELS.map((m) => (
                  <option key={m} value={m}>
                    {m === 'away' ? 'steps away from goal' : 'time until resting on goal'}
                  </option>
                ))}
              </select>
            </label>
          )}
          <NumberField label="Seed" title="Seed of every random choice the solver makes (random order, tie-breaks): the same seed gives the same plan" value={settings.seed} min={0} onCommit={(seed) => setSettings({ seed: seed ?? 1 })} testId="solver-seed" disabled={running} />
        </div>
        <SolverParamFields specs={findSolver(settings.solver)?.params ?? []} params={settings.params} disabled={running} onChange={(params) => setSettings({ params })} />
        <UnusedParams solver={settings.solver} params={settings.params} obstacles={obstacles > 0} disabled={running} onChange={(params) => setSettings({ params })} />
        {obstacles > 0 && obstacleFactory(settings.solver) !== undefined && (
          <label className="field" title={obstacleFactory(settings.solver) === null ? "How units planning alone replan among the moving obstacles (Patel); a strategy's own parameters (m, every, limit, regionSize…) go in the solver params in the JSON" : "How the solver repairs its plans among the moving obstacles (Patel): recalc or watch; units know where obstacles stand now. A strategy's own parameters (every, regionSize…) go in the solver params in the JSON"}>
            <span>Replanning among obstacles</span>
            <select
              value={typeof settings.params.strategy === 'string' ? settings.params.strategy : ''}
              disabled={running}
              onChange={(e) => {
                const { strategy: _drop, ...rest } = settings.params;
                setSettings({ params: e.target.value === '' ? rest : { ...rest, strategy: e.target.value } });
              }}
              data-testid="solver-strategy"
            >
              <option value="">default ({defaultStrategy(obstacleFactory(settings.solver) !== null, knowledge)}: units know {defaultStrategy(obstacleFactory(settings.solver) !== null, knowledge) === 'predict' ? 'the timetable' : 'where obstacles stand now'})</option>
              {strategiesFor(obstacleFactory(settings.solver) !== null).map((name) => (
                <option key={name} value={name}>
                  {STRATEGY_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="field-row">
          <label className="field" title="4-connected: moves along rows and columns; 8-connected: diagonal moves too (one turn each)">
            <span>Moves</span>
            <select
              value={movement.connectivity}
              disabled={running}
              onChange={(e) => dispatch({ type: 'setMovement', movement: { connectivity: Number(e.target.value) as 4 | 8 } })}
              data-testid="connectivity"
            >
              <option value={4}>4-connected</option>
              <option value={8}>8-connected</option>
            </select>
          </label>
          <label className="field" title="For diagonal moves: no-cut needs both side cells free; cut allows passing a blocked corner">
            <span>Corners</span>
            <select
              value={movement.corners}
              disabled={running || movement.connectivity === 4}
              onChange={(e) => dispatch({ type: 'setMovement', movement: { corners: e.target.value as 'no-cut' | 'cut' } })}
              data-testid="corners"
            >
              <option value="no-cut">no corner cutting</option>
              <option value="cut">cut corners</option>
            </select>
          </label>
        </div>
        </>
      )}
      <div className="buttons">
        <button type="button" onClick={() => void solveCurrent()} disabled={running || (agents.length === 0 && spawners === 0 && !lorr)} title="Solve (Ctrl+Enter)" data-testid="solve">
          Solve
        </button>
        <button type="button" onClick={cancelSolve} disabled={!running} title="Cancel (Esc)" data-testid="cancel">
          Cancel
        </button>
        <label className="check live" title="Re-solve automatically after every edit">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} data-testid="live-mode" /> Live
        </label>
      </div>
      <p className="status" role="status" data-testid="status" data-status={running ? 'running' : refusedNow ? (refused.status ?? 'refused') : (outcome?.status ?? 'idle')}>
        {running
          ? progress || 'Solving…'
          : outcome?.lifelong && outcome.message && !refusedNow
            ? `${outcome.status === 'solved' ? 'Ran' : outcome.status === 'cancelled' ? 'Cancelled' : 'Failed'}: ${outcome.message}.`
          : outcome && !refusedNow
            ? statusLine(outcome.status, placeLockWords(outcome.message, regions), outcome.stats.elapsedMs, outcome.paths.length > 0)
            : idleLine(agents.length, refused, revision)}
      </p>
      {stale && !running && <p className="stale" data-testid="stale">The scenario changed since this plan: solve again to replay it.</p>}
    </section>
  );
}
