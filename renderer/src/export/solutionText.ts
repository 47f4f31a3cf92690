/** The mapf-visualizer solution text; core/formats/mapfVisualizer.ts writes it (the command line's --export too). */
export { solutionText } from '../../../core/formats/mapfVisualizer.ts';
