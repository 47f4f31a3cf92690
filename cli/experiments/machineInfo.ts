/**
 * The machine and versions a sweep ran on, kept in manifest.json and shown in the report, so a
 * reader can judge the times. No host or user names: reports get shared.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface MachineInfo {
  os: string;
  node: string;
  cpus: number;
  cpuModel: string;
  app: string;
  /** The checkout's commit when the app runs from a git checkout, with '+changes' when it has uncommitted edits. */
  gitCommit?: string;
  date: string;
}

const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(`${APP_ROOT}package.json`, 'utf8')) as { name?: string; version?: string };
    return `${pkg.name ?? 'mapf-lab'} ${pkg.version ?? '?'}`;
  } catch {
    return 'mapf-lab (version unknown)';
  }
}

function gitCommit(): string | undefined {
  try {
    const options = { cwd: APP_ROOT, encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'ignore'] as ['ignore', 'pipe', 'ignore'], timeout: 2000 };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], options).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], options).trim() !== '';
    return dirty ? `${head}+changes` : head;
  } catch {
    return undefined;
  }
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  const info: MachineInfo = {
    os: `${type()} ${release()} ${arch()}`,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    app: appVersion(),
    date: new Date().toISOString(),
  };
  const commit = gitCommit();
  if (commit) info.gitCommit = commit;
  return info;
}

/** Same machine and versions (the date aside). */
export function sameMachine(a: MachineInfo, b: MachineInfo): boolean {
  return a.os === b.os && a.node === b.node && a.cpus === b.cpus && a.cpuModel === b.cpuModel && a.app === b.app && a.gitCommit === b.gitCommit;
}
