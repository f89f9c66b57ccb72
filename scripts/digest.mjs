// Digests of files, for the build steps and tests that skip work whose inputs haven't changed
// (scripts/bundle.mjs, scripts/test.mjs, test/kept.ts): each input's path and bytes go in, so that
// any change to one of them, or a file added or gone, gives another digest.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** Every file under `dir` (a path from `root`) whose name passes `keep`, as paths from `root`, sorted. */
export function filesUnder(dir, keep, root = '.') {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** A digest of the files (paths from `root`, or absolute) and their bytes. */
export function digestOf(files, root = '.') {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(resolve(root, file))).update('\0');
  return hash.digest('hex');
}
