/**
 * The experiments shipped in experiments/ as the lab's presets: the file texts themselves (not a
 * copy), so the lab runs exactly what `npx mapf-lab experiment experiments/….json` runs. Every
 * file there is one (test/renderer/lab/presets.test.ts checks). Those that name Moving AI files by
 * path (Patel, scale, the CBS family: ../shared/benchmarks) run as they are on the desktop, from
 * the repository's experiments/ folder; the browser edition lists the files to add before Run.
 */
import silver2005 from '../../../experiments/silver2005.json?raw';
import standley2010 from '../../../experiments/standley2010.json?raw';
import standley2010FourConnected from '../../../experiments/standley2010-4c.json?raw';
import patel from '../../../experiments/patel-moving-obstacles.json?raw';
import scale from '../../../experiments/scale.json?raw';
import cbsFamily from '../../../experiments/cbs-family.json?raw';
import cbsFamilyShort from '../../../experiments/cbs-family-1s.json?raw';
import bottleneck from '../../../experiments/bottleneck.json?raw';
import lorr2024 from '../../../experiments/lorr-2024.json?raw';
import lorr2024Schedulers from '../../../experiments/lorr-2024-schedulers.json?raw';
import { defaultExperiment, experimentText } from './experimentForm.ts';

export interface Preset {
  id: string;
  label: string;
  /** The name Save suggests. */
  fileName: string;
  text: string;
}

export const PRESETS: readonly Preset[] = [
  { id: 'small', label: 'Small sweep (random 16×16, WHCA* and LRA*)', fileName: 'lab-sweep.json', text: experimentText(defaultExperiment()) },
  { id: 'silver2005', label: 'Silver 2005: LRA*, CA*, HCA*, WHCA* on 32×32 maps (experiments/silver2005.json)', fileName: 'silver2005.json', text: silver2005 },
  { id: 'standley2010', label: 'Standley 2010: OD+ID, S+ID, HCA* (experiments/standley2010.json)', fileName: 'standley2010.json', text: standley2010 },
  { id: 'standley2010-4c', label: 'Standley 2010 4-connected: OD+ID and CBS side by side (experiments/standley2010-4c.json)', fileName: 'standley2010-4c.json', text: standley2010FourConnected },
  { id: 'patel-moving-obstacles', label: 'Patel: units planning alone among 20 patrols, five strategies (experiments/patel-moving-obstacles.json)', fileName: 'patel-moving-obstacles.json', text: patel },
  { id: 'scale', label: 'Scale: WHCA*, PIBT, LaCAM, LaCAM* with 100 to 1,000 units (experiments/scale.json)', fileName: 'scale.json', text: scale },
  { id: 'cbs-family', label: 'CBS family: ID+OD, CBS and its improvements, EECBS, 60 s a run (experiments/cbs-family.json)', fileName: 'cbs-family.json', text: cbsFamily },
  { id: 'cbs-family-1s', label: 'CBS family, 1 s a run (experiments/cbs-family-1s.json)', fileName: 'cbs-family-1s.json', text: cbsFamilyShort },
  { id: 'bottleneck', label: 'Bottleneck: the engine crowd models and the planners at a door 1 to 6 cells wide (experiments/bottleneck.json)', fileName: 'bottleneck.json', text: bottleneck },
  { id: 'lorr-2024', label: 'LoRR 2024: flow-pibt and pibt-rotations, throughput against team size on the example problems (experiments/lorr-2024.json)', fileName: 'lorr-2024.json', text: lorr2024 },
  { id: 'lorr-2024-schedulers', label: 'LoRR 2024: flow-pibt with each task scheduler (greedy, hungarian, ours), throughput against team size on random and sortation (experiments/lorr-2024-schedulers.json)', fileName: 'lorr-2024-schedulers.json', text: lorr2024Schedulers },
];
