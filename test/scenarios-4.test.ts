// Shard 4 of the scenarios (test/scenarios.ts).

import { scenarioShard } from './scenarios.js';

scenarioShard(4);
