/** "New map" generators: empty, random obstacles, door or bridge chokepoints with units, and stream templates. */
import { useState } from 'react';
import { generateMap, type GeneratorKind, type GeneratorOptions, isStreamTemplate } from '../documents/generateActions.ts';

const KINDS: { kind: GeneratorKind; label: string }[] = [
  { kind: 'door', label: 'Door (wall with an opening)' },
  { kind: 'bridge', label: 'Bridge / corridor' },
  { kind: 'random', label: 'Random obstacles' },
  { kind: 'empty', label: 'Empty' },
  { kind: 'bridge-stream', label: 'Stream: bridge, two-way traffic' },
  { kind: 'gate-waves', label: 'Stream: gate under waves' },
  { kind: 'shuttle', label: 'Stream: mine-base shuttle' },
];

export function GeneratePanel() {
  const [options, setOptions] = useState<GeneratorOptions>({ kind: 'bridge', width: 40, height: 20, densityPercent: 20, seed: 1, opening: 1, length: 10, unitsPerSide: 10 });
  const number = (key: keyof GeneratorOptions, label: string, testId: string) => (
    <label className="field">
      <span>{label}</span>
      <input type="number" value={options[key] as number} onChange={(e) => setOptions({ ...options, [key]: Math.round(Number(e.target.value)) })} data-testid={testId} />
    </label>
  );
  const template = options.kind === 'door' || options.kind === 'bridge';
  return (
    <section className="panel" aria-label="New map">
      <h2>New map</h2>
      <label className="field">
        <span>Kind</span>
        <select value={options.kind} onChange={(e) => setOptions({ ...options, kind: e.target.value as GeneratorKind })} data-testid="generate-kind">
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {!isStreamTemplate(options.kind) && (
        <div className="field-row">
          {number('width', 'Width', 'generate-width')}
          {number('height', 'Height', 'generate-height')}
        </div>
      )}
      {options.kind === 'random' && (
        <div className="field-row">
          {number('densityPercent', 'Obstacles %', 'generate-density')}
          {number('seed', 'Seed', 'generate-seed')}
        </div>
      )}
      {template && (
        <div className="field-row">
          {number('opening', 'Opening', 'generate-opening')}
          {options.kind === 'bridge' && number('length', 'Length', 'generate-length')}
          {number('unitsPerSide', 'Units/side', 'generate-units')}
        </div>
      )}
      <button type="button" onClick={() => generateMap(options)} data-testid="generate">
        Create
      </button>
    </section>
  );
}
