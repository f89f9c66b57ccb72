// The library entry point: load a scenario, play it, and read the game, without the CLI.

export { loadScenarioText, parseScenario, buildGame, type LoadedScenario } from './scenario/load.js';
export { runScenario, type RunOptions, type RunResult, type StepReport, type CheckFailure } from './scenario/run.js';
export { ScenarioErrors, formatError, type ScenarioError } from './scenario/errors.js';
export { Game, IllegalAction } from './engine/game.js';
export { explainLayers, describeChars, type Chars } from './engine/characteristics.js';
export type { GameEvent } from './engine/events.js';
export type { GameState } from './engine/state.js';
export { loadLibrary } from './cards/library.js';
export { ruleSummary, type RuleId } from './rules/index.js';
