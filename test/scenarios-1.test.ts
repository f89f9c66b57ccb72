// Shard 1 of the scenarios (test/scenarios.ts).

import { scenarioShard } from './scenarios.js';

scenarioShard(1);
