// Where the package's files are, for the code that reads them beside itself: the card library's
// YAML, the Oracle grammar, the caches kept next to the build, and the compiler's own modules (whose
// text keys those caches). This module sits two folders below the package root (src/util/ when the
// sources run, dist/util/ when the build does), and so does every file of the bundled build
// (dist/bundle/), so one relative path serves all three.

import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** The package's root folder, with a trailing separator. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder of the running modules (src/ or dist/; dist/ for the bundle, built from it). */
const CODE_DIR = dirname(dirname(here));
const CODE_EXT = extname(here);

/** The file of a module of the running code, by its path under src/ without extension ('cards/compile'). */
export function moduleFile(module: string): string {
  return join(CODE_DIR, module + CODE_EXT);
}
