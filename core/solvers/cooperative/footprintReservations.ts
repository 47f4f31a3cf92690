/**
 * A unit's square in the reservation table (Silver 2006, "Action Footprints"
 * and "Unit Priorities"): reserving, parking and releasing the k x k cells of a unit at a time,
 * and collecting the units a reservation overrides into ActionRules' overridden list (the
 * controller flags them to replan). Split out of cooperativeController.ts: this is the
 * "reservations" concern, the controller keeps planning, priorities and the turn.
 */
import type { ActionRules } from './actionRules.ts';
import { NO_AGENT, type ReservationTable } from './reservationTable.ts';

export class FootprintReservations {
  private readonly table: ReservationTable;
  private readonly rules: ActionRules;
  private readonly width: number;
  /** Each unit's side (the controller's array: it replaces it when a stream's units grow it). */
  size: Int32Array;

  constructor(table: ReservationTable, rules: ActionRules, width: number, size: Int32Array) {
    this.table = table;
    this.rules = rules;
    this.width = width;
    this.size = size;
  }

  /** Reserves unit i's square at t with `priority`; whoever held a cell of it joins the overridden list. */
  reserve(i: number, t: number, anchor: number, priority: number): void {
    const size = this.size[i];
    const w = this.width;
    for (let j = 0; j < size; j++) {
      for (let k = 0; k < size; k++) this.overrides(this.table.reserve(t, anchor + j * w + k, i, priority));
    }
  }

  /** Parks unit i on its square from `from` on (it stays for good); displaced holders are overridden. */
  park(i: number, from: number, anchor: number, priority: number): void {
    const size = this.size[i];
    const w = this.width;
    for (let j = 0; j < size; j++) {
      for (let k = 0; k < size; k++) this.overrides(this.table.park(anchor + j * w + k, from, i, priority));
    }
  }

  /** Adds the units that reserve unit i's goal square after `arrival` to the overridden list. */
  collectGoalHolders(i: number, arrival: number, anchor: number): void {
    const table = this.table;
    const size = this.size[i];
    const w = this.width;
    for (let j = 0; j < size; j++) {
      for (let k = 0; k < size; k++) {
        const cell = anchor + j * w + k;
        for (let tau = arrival + 1; tau <= table.lastTime[cell]; tau++) {
          const x = table.reservedBy(tau, cell);
          if (x !== i) this.overrides(x);
        }
      }
    }
  }

  release(i: number, t: number, anchor: number): void {
    const size = this.size[i];
    const w = this.width;
    for (let j = 0; j < size; j++) for (let k = 0; k < size; k++) this.table.release(t, anchor + j * w + k, i);
  }

  unpark(i: number, anchor: number): void {
    const size = this.size[i];
    const w = this.width;
    for (let j = 0; j < size; j++) for (let k = 0; k < size; k++) this.table.unpark(anchor + j * w + k, i);
  }

  /** Adds unit x (NO_AGENT: nobody) to the overridden list once, while it has room. */
  private overrides(x: number): void {
    if (x === NO_AGENT) return;
    const rules = this.rules;
    for (let k = 0; k < rules.overriddenCount; k++) if (rules.overridden[k] === x) return;
    if (rules.overriddenCount < rules.overridden.length) rules.overridden[rules.overriddenCount++] = x;
  }
}
