/**
 * A stand-in for the desktop preload API (window.mapfLab), injected before the page loads, that
 * records what the renderer asks of main and lets a test play main's part (menu clicks, files
 * opened from Open Recent). It checks the renderer's desktop path in a real browser without an
 * Electron binary; main's own handlers are unit tested in test/main.
 */
export const FAKE_DESKTOP_API = `
(() => {
  const calls = [];
  const listeners = { menu: [], file: [], level: [] };
  const emptyPaths = { format: 'mapf-lab/paths', version: 1, offsets: new Int32Array([0]), cells: new Int32Array(0) };
  window.__desktop = {
    calls,
    menu: (command) => listeners.menu.forEach((l) => l(command)),
    openFile: (file) => listeners.file.forEach((l) => l(file)),
    levelChanged: (path) => listeners.level.forEach((l) => l(path)),
  };
  window.mapfLab = {
    apiVersion: 1,
    solve: async (ticket, body) => {
      calls.push(['solve', body.solver]);
      return { solver: body.solver, status: 'failed', paths: emptyPaths, message: 'no solver process in this test', stats: { expanded: 0, generated: 0, elapsedMs: 0 } };
    },
    cancel: (ticket) => calls.push(['cancel']),
    onProgress: () => () => {},
    appInfo: async () => ({ apiVersion: 1, appVersion: 'test', electron: '-', chrome: '-', node: '-', platform: 'test' }),
    openTextFile: async () => null,
    saveTextFile: async (name, text, filters, options) => {
      calls.push(['save', name, options && options.reuseCurrentFile === true]);
      return { saved: true, name };
    },
    saveBinaryFile: async (name, bytes, filters) => {
      calls.push(['saveBinary', name, bytes.length, filters.map((f) => f.extensions.join(','))]);
      window.__desktop.savedBytes = bytes;
      return { saved: true, name };
    },
    // Files main would read beside the scenario: a test sets __desktop.besideFiles { relativePath: text }.
    readMapBesideScenario: async (path, kind) => {
      const text = window.__desktop.besideFiles?.[path];
      if (text === undefined) throw new Error('no map beside the scenario in this test');
      calls.push(['beside', path, kind]);
      return { name: path.split('/').pop(), text };
    },
    // Main's answer for the side file NAME.compare.json beside the scenario just opened (a test sets __desktop.comparisonsBeside).
    readComparisonsBesideScenario: async () => window.__desktop.comparisonsBeside ?? null,
    onMenuCommand: (listener) => { listeners.menu.push(listener); return () => {}; },
    onFileOpened: (listener) => { listeners.file.push(listener); return () => {}; },
    onLevelChanged: (listener) => { listeners.level.push(listener); return () => {}; },
    setDocumentState: (state) => calls.push(['state', state.name, state.dirty]),
    closeWindow: () => calls.push(['close']),
    // Main's backup files, played by the tab's sessionStorage (it survives a reload, as files do a restart).
    readBackups: async () => JSON.parse(sessionStorage.getItem('fake-main/backups') || '{}'),
    writeBackup: async (key, text) => {
      calls.push(['backup', key, text === null ? null : text.length]);
      const files = JSON.parse(sessionStorage.getItem('fake-main/backups') || '{}');
      if (text === null) delete files[key];
      else files[key] = text;
      sessionStorage.setItem('fake-main/backups', JSON.stringify(files));
    },
  };
})();
`;
