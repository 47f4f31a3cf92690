/**
 * The calling thread's CPU time to the nanosecond, on Node 20, through WASI.
 * More on this in README.md, "wasiThreadClock.ts".
 */
import { createRequire } from 'node:module';

/** WASI preview1's clock id for the calling thread's CPU time. */
const CLOCK_THREAD_CPUTIME_ID = 3;

/** (module (memory (export "memory") 1) (func (export "_initialize"))) */
const MODULE_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: one type, () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x05, 0x03, 0x01, 0x00, 0x01, // memory section: one memory, at least one page
  0x07, 0x18, 0x02, // export section, 24 bytes, two exports
  0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, // "memory": memory 0
  0x0b, 0x5f, 0x69, 0x6e, 0x69, 0x74, 0x69, 0x61, 0x6c, 0x69, 0x7a, 0x65, 0x00, 0x00, // "_initialize": function 0
  0x0a, 0x04, 0x01, 0x02, 0x00, 0x0b, // code section: an empty body
]);

type ClockTimeGet = (clockId: number, precision: bigint, resultAddress: number) => number;

/** The little of WebAssembly's API used here (the node tsconfig has no DOM or WebAssembly lib). */
interface WasmInstance {
  exports: { memory: { buffer: ArrayBuffer } };
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => WasmInstance;
}

interface WasiInstance {
  initialize(instance: WasmInstance): void;
  wasiImport: Record<string, unknown>;
}

/**
 * Node warns once that WASI is experimental; this clock only asks it the time, so the warning
 * would only alarm a user of the command line. Other warnings pass through.
 */
function withoutWasiWarning<T>(make: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/WASI is an experimental feature/.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return make();
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * A function giving the calling thread's CPU time in ms (nanosecond resolution), or null where
 * WASI cannot give it. Call it on the thread whose time it measures: each thread that calls the
 * returned function gets its own time, whichever thread created it.
 */
export function createWasiThreadCpuMs(): (() => number) | null {
  try {
    // Node 20 warns when node:wasi is first loaded, so the load happens inside the filter too.
    const wasi = withoutWasiWarning(() => {
      const { WASI } = createRequire(import.meta.url)('node:wasi') as { WASI: new (options: { version: string }) => WasiInstance };
      return new WASI({ version: 'preview1' });
    });
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const instance = new wasm.Instance(new wasm.Module(MODULE_BYTES), {});
    wasi.initialize(instance);
    const answer = new BigUint64Array(instance.exports.memory.buffer, 0, 1);
    const clockTimeGet = wasi.wasiImport.clock_time_get as ClockTimeGet;
    const read = (): number => {
      if (clockTimeGet(CLOCK_THREAD_CPUTIME_ID, 0n, 0) !== 0) return NaN;
      return Number(answer[0]) / 1e6;
    };
    const first = read();
    return Number.isFinite(first) ? read : null;
  } catch {
    return null;
  }
}
