/** The editor's tool state: which tool, brush size, selected units. Not part of the scenario. */
import { Store } from './store.ts';

export type ToolName = 'select' | 'pencil' | 'eraser' | 'line' | 'rect' | 'fill' | 'unit' | 'door' | 'obstacle' | 'measure' | 'spawner' | 'exit';

export const TOOLS: readonly { name: ToolName; label: string; key: string; hint: string }[] = [
  { name: 'select', label: 'Select', key: 'V', hint: 'click a unit to select it (Shift: several), drag its start or goal to move it' },
  { name: 'pencil', label: 'Wall', key: 'P', hint: 'paint walls (drag)' },
  { name: 'eraser', label: 'Erase', key: 'E', hint: 'paint floor (drag)' },
  { name: 'line', label: 'Line', key: 'L', hint: 'drag a line of walls (right button: floor)' },
  { name: 'rect', label: 'Rect', key: 'R', hint: 'drag a rectangle of walls (right button: floor)' },
  { name: 'fill', label: 'Fill', key: 'F', hint: 'flood fill a region with walls (right button: floor)' },
  { name: 'unit', label: 'Unit', key: 'U', hint: 'click a start cell, then a goal cell' },
  { name: 'door', label: 'Door', key: 'D', hint: 'click a cell to add a door that closes at a turn (a wall: a passage that opens), Shift-click to add a cell to the last door, click again to remove; set turns in Map events' },
  { name: 'measure', label: 'Measure', key: 'M', hint: 'drag a rectangle over a bridge, door or corridor to measure its traffic (units through it, throughput, waits, the queue next to it); name or remove it in Measured regions' },
  { name: 'spawner', label: 'Spawner', key: 'G', hint: 'drag a rectangle where units appear (a gate, a barracks): one every 5 turns, 20 in all, sent to the first exit; draw an exit first (X); its schedule in the Streams panel' },
  { name: 'exit', label: 'Exit', key: 'X', hint: 'drag a rectangle where units leave the map on arriving; spawners send their units to an exit' },
  { name: 'obstacle', label: 'Obstacle', key: 'O', hint: 'click a free cell to place a moving obstacle (it patrols ping-pong), Shift-click to add a waypoint to the last one, click a waypoint to remove it; size, speed, mode and start turn in the Moving obstacles panel' },
];

export const MAX_BRUSH_UI = 32;

export interface EditorState {
  tool: ToolName;
  brush: number;
  /** Selected unit ids. */
  selection: readonly string[];
  /** The cell under the pointer, or null. */
  cursor: { x: number; y: number } | null;
  /** The docked JSON editor is shown. */
  jsonOpen: boolean;
}

export const editorStore = new Store<EditorState>({ tool: 'select', brush: 1, selection: [], cursor: null, jsonOpen: false });

export function setBrush(size: number): void {
  editorStore.set({ brush: Math.max(1, Math.min(MAX_BRUSH_UI, Math.round(size))) });
}
