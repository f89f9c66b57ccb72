// The tests import the compiled engine (dist/), so a run on a build older than its sources would test
// old code: stop with what to do instead. `npm test` builds first; after editing src/ alone, run
// `npm run build` (or `npx tsc -p tsconfig.json`) before `npx vitest run test/X.test.ts`.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The sources whose compiled file is missing or older than they are. */
export function staleSources(root = ROOT): string[] {
  const src = join(root, 'src');
  return sources(src).filter((file) => {
    const built = join(root, 'dist', relative(src, file)).replace(/\.ts$/, '.js');
    return !existsSync(built) || statSync(built).mtimeMs < statSync(file).mtimeMs;
  });
}

export default function setup(): void {
  const stale = staleSources();
  if (stale.length === 0) return;
  const list = stale.slice(0, 5).map((f) => relative(ROOT, f)).join(', ');
  throw new Error(`dist/ is older than ${stale.length} source file(s) (${list}${stale.length > 5 ? ', ...' : ''}): the tests run the build, so run \`npm run build\` first (npm test does)`);
}
