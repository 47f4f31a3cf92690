/**
 * core's aggregate (core/experiments/aggregate.ts) kept up to date as records arrive: only the
 * groups (solver setting × agent count) that new records fall in are aggregated again, each with
 * core's own function, so the rows are the same as aggregating every record. A sweep of
 * thousands of runs then costs the UI thread a few groups per batch, not the whole sweep.
 *
 * Records are append-only while a definition is open (the sweep concatenates batches); any
 * other array (another definition, cleared results, a merge that replaced them) starts over.
 */
import { type AggregateRow, aggregate } from '../../../core/experiments/aggregate.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';

function groupKey(record: RunRecord): string {
  return `${record.label}\u0000${record.agents}`;
}

export class IncrementalAggregate {
  private seen: readonly RunRecord[] = [];
  private readonly groups = new Map<string, RunRecord[]>();
  private readonly rowByGroup = new Map<string, AggregateRow>();
  /** Each label's lowest run id: core orders solver settings by their first run. */
  private readonly firstId = new Map<string, number>();
  private current: AggregateRow[] = [];

  /** The aggregate rows of `records`, in core's order. */
  rows(records: readonly RunRecord[]): AggregateRow[] {
    if (records === this.seen) return this.current;
    const old = this.seen;
    const appended = records.length >= old.length && (old.length === 0 || (records[0] === old[0] && records[old.length - 1] === old[old.length - 1]));
    if (!appended) this.reset();
    const touched = new Set<string>();
    for (let i = appended ? old.length : 0; i < records.length; i++) {
      const record = records[i];
      const key = groupKey(record);
      let group = this.groups.get(key);
      if (!group) this.groups.set(key, (group = []));
      group.push(record);
      touched.add(key);
      const first = this.firstId.get(record.label);
      if (first === undefined || record.id < first) this.firstId.set(record.label, record.id);
    }
    this.seen = records;
    if (touched.size === 0 && appended) return this.current;
    for (const key of touched) this.rowByGroup.set(key, aggregate(this.groups.get(key)!)[0]);
    this.current = [...this.rowByGroup.values()].sort((a, b) => this.firstId.get(a.label)! - this.firstId.get(b.label)! || a.agents - b.agents);
    return this.current;
  }

  private reset(): void {
    this.groups.clear();
    this.rowByGroup.clear();
    this.firstId.clear();
    this.current = [];
  }
}
