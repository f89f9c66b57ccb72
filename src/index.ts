// The library entry point: load a scenario, play it, and read the game, without the CLI.

export { loadScenarioText, parseScenario, buildGame, type LoadedScenario } from './scenario/load.js';
export { runScenario, type RunOptions, type RunResult, type StepReport, type CheckFailure } from './scenario/run.js';
export { ScenarioErrors, formatError, type ScenarioError } from './scenario/errors.js';
export { Game, IllegalAction } from './state/game.js';
export { explainLayers, describeChars } from './characteristics/layers.js';
export type { Chars } from './state/chars.js';
export type { GameEvent, EventBody, EventType, ObjRef, ThingRef } from './state/events.js';
export { describeEvent } from './cli/describe.js';
export type { GameState } from './state/state.js';
export { loadLibrary } from './cards/library.js';
export { ruleSummary, type RuleId } from './core/rules/index.js';
