/**
 * The browser edition's question for the files a League of Robot Runners problem names: the page
 * reads no file by path, so the map, agents and tasks files are listed (each ticked once chosen)
 * and chosen together or one by one; the problem opens when none is missing. It is the side
 * panel's first section: when it comes it is scrolled into view, or a designer who had scrolled
 * the panel down saw only the notice pointing at it.
 */
import { useEffect, useRef } from 'react';
import { useSlice } from '../state/store.ts';
import { cancelLorrFiles, supplyLorrFiles } from './lorrOpen.ts';
import { lorrStore } from './lorrState.ts';

export function LorrFilesPrompt() {
  const pending = useSlice(lorrStore, (s) => s.pending);
  const ref = useRef<HTMLElement>(null);
  const asking = pending?.name ?? null;
  useEffect(() => {
    if (asking !== null) ref.current?.scrollIntoView({ block: 'start' });
  }, [asking]);
  if (!pending) return null;
  const choose = async (list: FileList | null) => {
    if (!list) return;
    const files = await Promise.all(Array.from(list, async (file) => ({ name: file.name, text: await file.text() })));
    supplyLorrFiles(files);
  };
  return (
    <section ref={ref} className="panel lorr-files" role="alert" aria-label="Files the LoRR problem names" data-testid="lorr-files">
      <h2>Files for {pending.name}</h2>
      <p>The browser edition reads no files by path. Choose the files the problem names (its folder's map, agents and tasks files; several at once is fine):</p>
      <ul>
        {pending.needed.map((path) => (
          <li key={path} data-testid="lorr-file" data-chosen={pending.got[path] !== undefined}>
            {pending.got[path] !== undefined ? '✓ ' : '• '}
            <code>{path}</code>
          </li>
        ))}
      </ul>
      <div className="buttons">
        <label className="button-like">
          Choose files…
          <input type="file" multiple accept=".map,.agents,.tasks" onChange={(e) => void choose(e.currentTarget.files)} data-testid="lorr-files-input" style={{ display: 'none' }} />
        </label>
        <button type="button" onClick={cancelLorrFiles} data-testid="lorr-files-cancel">
          Cancel
        </button>
      </div>
    </section>
  );
}
