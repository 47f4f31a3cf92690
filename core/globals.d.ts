// The few host globals core may use. Node, browsers and workers all provide them; declaring
// them here (instead of pulling in the DOM or Node typings) keeps core honest about its reach.
declare const performance: { now(): number };
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare function queueMicrotask(callback: () => void): void;
declare const console: {
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
};
// Used by the in-memory port pair to copy messages the way real ports do.
declare function structuredClone<T>(value: T, options?: { transfer?: readonly ArrayBuffer[] }): T;
