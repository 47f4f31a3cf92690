// The planner's worker: it serves PIBT only, so only PIBT is bundled into it.
import { pibt, servePlanner } from '@mapf-lab/core';

servePlanner(self, [pibt]);
