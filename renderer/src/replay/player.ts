/**
 * Playback: while playing, advances the replay's turn once per animation frame by elapsed time
 * × speed, then stops at the end or wraps around when looping.
 */
import { replayStore } from '../state/replayState.ts';

let frame = 0;
let lastTime = 0;
let lastTurn = () => 0;

/** Starts or stops playback; `turns` gives the replay's last turn (it changes with each plan). */
export function setPlaying(playing: boolean, turns: () => number): void {
  lastTurn = turns;
  const state = replayStore.get();
  if (playing && lastTurn() === 0) return;
  if (playing && state.t >= lastTurn()) replayStore.set({ t: 0 });
  replayStore.set({ playing });
  cancelAnimationFrame(frame);
  if (playing) {
    lastTime = performance.now();
    frame = requestAnimationFrame(tick);
  }
}

function tick(now: number): void {
  const state = replayStore.get();
  if (!state.playing) return;
  const end = lastTurn();
  let t = state.t + ((now - lastTime) / 1000) * state.speed;
  lastTime = now;
  if (t >= end) {
    if (state.loop && end > 0) t = t % end;
    else {
      replayStore.set({ t: end, playing: false });
      return;
    }
  }
  replayStore.set({ t });
  frame = requestAnimationFrame(tick);
}
