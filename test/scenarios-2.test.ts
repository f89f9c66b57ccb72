// Shard 2 of the scenarios (test/scenarios.ts).

import { scenarioShard } from './scenarios.js';

scenarioShard(2);
