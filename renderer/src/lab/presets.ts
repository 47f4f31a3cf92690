/**
 * The experiments shipped in experiments/ as the lab's presets: the file texts themselves (not a
 * copy), so the lab runs exactly what `npx mapf-lab experiment experiments/….json` runs.
 */
import silver2005 from '../../../experiments/silver2005.json?raw';
import standley2010 from '../../../experiments/standley2010.json?raw';
import standley2010FourConnected from '../../../experiments/standley2010-4c.json?raw';
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
];
