import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // one test file per core: vitest's default leaves one core to its main process, which now has
    // little to do (the engine is imported built, not transformed), so on 2 cores it ran one file at a time
    maxWorkers: availableParallelism(),
    // Test files share their worker's modules (the engine, zod, the card library loaded once) instead of
    // loading them again for each of the ~70 files. The engine keeps little module state; the tests that
    // change it (setLimits in rollback.test.ts) put it back when they end.
    isolate: false,
    // The tests import the engine from dist/ (`npm test` builds first), loaded by Node itself rather
    // than transformed again by vite for every test file; test/build-check.ts stops a run on a stale build.
    globalSetup: ['test/build-check.ts'],
    server: { deps: { external: [new RegExp(`^${escape(root)}dist/`)] } },
  },
});
