/**
 * Entry of the plan checks' Web Worker (browser edition and Electron's renderer alike): runs
 * planChecks.ts on an answer the UI thread received and posts back the conflicts, so a 1,000-unit
 * plan is validated without freezing the editor. One request in, one answer out, by id.
 */
import { decodePaths } from '../../../core/protocol/wire.ts';
import { instanceOf, planViolations } from './planChecks.ts';
import { streamInstance } from './streamUnits.ts';
import type { ChecksAnswer, ChecksRequest } from './outcomeSteps.ts';

const scope = self as unknown as { postMessage(message: ChecksAnswer): void; onmessage: ((event: MessageEvent<ChecksRequest>) => void) | null };

scope.onmessage = (event) => {
  const { id, instance: plain, result, obstacleSizes } = event.data;
  try {
    const paths = decodePaths(result.paths);
    const scenarioInstance = instanceOf(plain);
    const instance = result.streams ? streamInstance(scenarioInstance, paths, result.streams.unitSizes) : scenarioInstance;
    const obstaclePaths = result.obstaclePaths ? decodePaths(result.obstaclePaths) : undefined;
    scope.postMessage({ id, violations: planViolations(instance, paths, result, obstaclePaths, obstacleSizes) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
