// Shard 5 of the scenarios (test/scenarios.ts).

import { scenarioShard } from './scenarios.js';

scenarioShard(5);
