/**
 * Entry of the plan checks' Web Worker (browser edition and Electron's renderer alike): runs
 * checksWork.ts on an answer the UI thread received and posts back the conflicts and the replay
 * analysis, so a 10,000-unit plan is validated and analysed without freezing the editor. One
 * request in, one answer out, by id.
 */
import { answerChecks, checksTransfer, type ChecksAnswer, type ChecksRequest } from './checksWork.ts';
import { answerLifelongChecks, lifelongTransfer, type LifelongChecksAnswer, type LifelongChecksRequest } from '../lorr/lifelongChecksWork.ts';

const scope = self as unknown as { postMessage(message: ChecksAnswer | LifelongChecksAnswer, transfer?: ArrayBuffer[]): void; onmessage: ((event: MessageEvent<ChecksRequest | LifelongChecksRequest>) => void) | null };

scope.onmessage = (event) => {
  // A lifelong run (LoRR's robots): headings replayed from its actions, checked and analysed.
  if ('kind' in event.data && event.data.kind === 'lifelong') {
    const lifelong = answerLifelongChecks(event.data);
    scope.postMessage(lifelong, lifelongTransfer(lifelong));
    return;
  }
  const answer = answerChecks(event.data as ChecksRequest);
  // The analysis's per-cell counts are made here for the answer, and the request's arrays go back
  // to the UI thread that moved them here: all moved, not copied.
  const transfer = answer.returned ? checksTransfer(answer.returned) : [];
  if ('analysis' in answer) transfer.push(answer.analysis.waits.buffer as ArrayBuffer, answer.analysis.blocked.buffer as ArrayBuffer, answer.analysis.heat.buffer as ArrayBuffer);
  scope.postMessage(answer, transfer);
};
