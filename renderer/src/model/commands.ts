/**
 * The command registry: every command by name with its history mode. The dispatcher looks
 * commands up here, so a command is added in one place.
 */
import type { CommandDefinition } from './commandContext.ts';
import type { CommandName } from './commandTypes.ts';
import { drawLine, fillRect, floodFillCommand, paintCells, resizeMap } from './mapCommands.ts';
import { addAgent, moveAgentGoal, moveAgentStart, placeRandomAgents, removeAgents, setAgentProps, setAgents } from './agentCommands.ts';
import { setEvents, setKnowledge, setMovement, setName, setObstacles, setScale, setSolverSettings } from './settingsCommands.ts';
import { setRegions } from './regionCommands.ts';
import { setStreams } from './streamCommands.ts';
import { loadDocument, receiveSolution, replaceFromJson } from './documentCommands.ts';

export const COMMANDS: { readonly [N in CommandName]: CommandDefinition<N> } = {
  paintCells,
  fillRect,
  drawLine,
  floodFill: floodFillCommand,
  resizeMap,
  addAgent,
  removeAgents,
  moveAgentStart,
  moveAgentGoal,
  setAgentProps,
  setAgents,
  placeRandomAgents,
  setSolverSettings,
  setMovement,
  setName,
  setEvents,
  setObstacles,
  setKnowledge,
  setScale,
  setRegions,
  setStreams,
  replaceFromJson,
  loadDocument,
  receiveSolution,
};
