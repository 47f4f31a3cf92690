// Lint, including the layering rule (after vscode's code-layering): core imports nothing from
// Electron, Node, the DOM or React; renderer and main never import each other. Tests follow
// the rule of the layer they test.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const coreForbidden = {
  paths: [
    ...nodeBuiltins.map((name) => ({ name, message: 'core/ runs in browsers and workers too: no Node built-ins.' })),
    { name: 'electron', message: 'core/ must not depend on Electron.' },
    { name: 'react', message: 'core/ must not depend on React.' },
    { name: 'react-dom', message: 'core/ must not depend on React.' },
  ],
  patterns: [
    { group: ['electron/*', 'react/*', 'react-dom/*', 'node:*'], message: 'core/ must not depend on Electron, React or Node.' },
    { group: ['**/main/**', '**/renderer/**', '**/cli/**'], message: 'core/ imports nothing of ours outside core/.' },
  ],
};

// DOM and host globals that core must not touch (it declares the few it may use in globals.d.ts).
const domGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch', 'XMLHttpRequest', 'HTMLElement', 'HTMLCanvasElement', 'Worker', 'self', 'process', 'require', 'Buffer', '__dirname', '__filename'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'packages/*/dist/**', 'packages/*/build/**', 'node_modules/**', 'test-results/**', '.vite/**', 'coverage/**',
    // Tiled's tilesets are XML named .tsx, not TypeScript.
    'test/fixtures/**/*.tsx'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['core/**/*.ts', 'test/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', coreForbidden],
      'no-restricted-globals': ['error', ...domGlobals.map((name) => ({ name, message: `core/ must not use the host global '${name}'.` }))],
    },
  },
  {
    // The library's browser entry holds to core's rule: it runs in games' pages and workers.
    // Its Node entry (node.ts) alone reads files.
    files: ['packages/mapf/src/**/*.ts'],
    ignores: ['packages/mapf/src/node.ts'],
    rules: {
      'no-restricted-imports': ['error', { ...coreForbidden, patterns: coreForbidden.patterns.slice(0, 1) }],
      'no-restricted-globals': ['error', ...domGlobals.map((name) => ({ name, message: `the library's browser entry must not use the host global '${name}'.` }))],
    },
  },
  {
    files: ['packages/mapf/src/node.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer talks to main only through the preload API.' }],
        patterns: [
          { group: ['**/main/**', '../main', '../../main'], message: 'renderer/ must not import main/: use the preload API.' },
          { group: ['node:*'], message: 'renderer/ runs in a sandboxed page: no Node built-ins.' },
        ],
      }],
    },
  },
  {
    files: ['main/**/*.ts', 'test/main/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**', '../renderer', '../../renderer'], message: 'main/ must not import renderer/.' }],
      }],
    },
  },
  {
    // Browser code that report pages inline as it is (assets/report/drawCharts.js): no build step.
    files: ['assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['cli/**/*.{ts,mjs}', 'bin/**/*.mjs', 'test/node/**/*.ts', 'test/e2e/**/*.{ts,mjs}', '*.config.{ts,js}', 'bench/**/*.{ts,mjs}', '.ci/**/*.mjs', 'test/slurm/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**', '**/main/**'], message: 'Node-side code uses core/, not the app layers.' }],
      }],
    },
  },
);
