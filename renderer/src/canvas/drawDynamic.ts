/** The dynamic layer: paths, goals and units. Redrawn when the solution or selection changes. */
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { defaultAgentColor } from '../../../core/mapf/agentColors.ts';
import type { Viewport } from './viewport.ts';

export function drawDynamic(
  context: CanvasRenderingContext2D,
  instance: MapfInstance,
  paths: readonly (readonly number[])[],
  view: Viewport,
  cssWidth: number,
  cssHeight: number,
): void {
  const { grid, agents } = instance;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const cx = (cell: number) => ox + (grid.x(cell) + 0.5) * s;
  const cy = (cell: number) => oy + (grid.y(cell) + 0.5) * s;
  context.clearRect(0, 0, cssWidth, cssHeight);

  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = Math.max(2, s * 0.22);
  paths.forEach((path, i) => {
    if (path.length < 2) return;
    context.strokeStyle = defaultAgentColor(i);
    context.beginPath();
    context.moveTo(cx(path[0]), cy(path[0]));
    for (let t = 1; t < path.length; t++) context.lineTo(cx(path[t]), cy(path[t]));
    context.stroke();
  });

  agents.forEach((agent, i) => {
    const color = defaultAgentColor(i);
    // Goal: an outlined square; start: a filled disc with the unit's number.
    context.strokeStyle = color;
    context.lineWidth = Math.max(1.5, s * 0.1);
    const inset = s * 0.18;
    context.strokeRect(ox + grid.x(agent.goal) * s + inset, oy + grid.y(agent.goal) * s + inset, s - 2 * inset, s - 2 * inset);
    context.fillStyle = color;
    context.beginPath();
    context.arc(cx(agent.start), cy(agent.start), s * 0.36, 0, Math.PI * 2);
    context.fill();
    if (s >= 14) {
      context.fillStyle = '#ffffff';
      context.font = `600 ${Math.round(s * 0.38)}px system-ui, sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(String(i + 1), cx(agent.start), cy(agent.start) + 0.5);
    }
  });
}
