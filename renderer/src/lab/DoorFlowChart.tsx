/**
 * The lab's chart of flow through a door against its width, beside the pedestrian line (an
 * experiment with `doorFlow`, such as the bottleneck preset): the same figures as the report's
 * (core/experiments/report/doorFlow.ts), a line per solver setting, and under it where each lands.
 * Few runs feed it (a run per width and setting), so it is redrawn whenever records come.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Chart as ChartJS, LineController, LineElement, LinearScale, PointElement, ScatterController, Legend, Title, Tooltip } from 'chart.js';
import { doorFlowData, doorFlowVerdict } from '../../../core/experiments/report/doorFlow.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { doorFlowDatasets } from './doorFlowDatasets.ts';

ChartJS.register(LineController, ScatterController, LineElement, PointElement, LinearScale, Legend, Title, Tooltip);

export function DoorFlowChart({ experiment, records, theme }: { experiment: Experiment; records: readonly RunRecord[]; theme: 'light' | 'dark' }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<ChartJS | null>(null);
  const door = useMemo(() => doorFlowData(experiment, records), [experiment, records]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !door) return;
    const datasets = doorFlowDatasets(door, theme === 'dark' ? '#e6e4de' : '#222222');
    if (!chartRef.current) {
      chartRef.current = new ChartJS(canvas, {
        type: 'line',
        data: { datasets: datasets as never },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: { type: 'linear', min: 0, title: { display: true, text: 'door width (m)' } },
            y: { type: 'linear', min: 0, title: { display: true, text: 'flow (persons/s per metre of width)' } },
          },
          plugins: { title: { display: true, text: 'Flow through the door against its width' } },
        },
      });
    } else {
      chartRef.current.data.datasets = datasets as never;
      chartRef.current.update('none');
    }
  }, [door, theme]);
  useEffect(() => () => {
    chartRef.current?.destroy();
    chartRef.current = null;
  }, [theme]);
  if (!door) return null;
  const landed = door.series.flatMap((s) => s.points.filter((p) => p.widthCells >= 2 && Number.isFinite(p.flow)).map((p) => `${s.label} at ${Number(p.widthM.toFixed(2))} m: ${doorFlowVerdict(p.ratio)}`));
  return (
    <figure className="lab-chart lab-door-flow" data-testid="lab-chart-doorFlow">
      <div className="lab-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label="Flow through the door against its width" />
      </div>
      <figcaption className="lab-note" data-testid="lab-door-flow-verdicts">
        {landed.length === 0 ? 'Each model lands against the pedestrian line as its runs finish.' : landed.join('; ')}
      </figcaption>
    </figure>
  );
}
