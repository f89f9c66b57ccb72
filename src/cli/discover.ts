// Finding the scenarios under the paths given to `ruling test` and `ruling check`: files ending in
// .yaml or .yml with a top-level `scenario:` key, skipping node_modules, dot-folders and the
// --exclude globs. A file named on the command line is always taken.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface Discovery {
  files: string[];
  /** Paths that don't exist. */
  missing: string[];
  /** YAML files found in folders that don't look like scenarios, for --verbose. */
  skipped: string[];
}

/** A glob (`*` within a name, `**` across folders, `?`) as a regular expression over a path. */
export function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Whether a path (relative to the working folder) is excluded: a glob without a slash matches any one name in it. */
function excluder(globs: string[]): (path: string) => boolean {
  const res = globs.map((g) => ({ re: globRegExp(g.replace(/\/+$/, '')), anyName: !g.replace(/\/+$/, '').includes('/') }));
  return (path) => {
    const rel = relative(process.cwd(), path).split(sep).join('/');
    return res.some(({ re, anyName }) => re.test(rel) || (anyName && rel.split('/').some((n) => re.test(n))));
  };
}

const YAML_FILE = /\.ya?ml$/;
const SCENARIO_KEY = /^scenario[ \t]*:/m;

export function collectFiles(paths: string[], exclude: string[] = []): Discovery {
  const out: Discovery = { files: [], missing: [], skipped: [] };
  const excluded = excluder(exclude);
  const walk = (p: string) => {
    if (excluded(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        const child = join(p, name);
        if (statSync(child).isDirectory()) walk(child);
        else if (YAML_FILE.test(name) && !excluded(child)) {
          if (SCENARIO_KEY.test(readFileSync(child, 'utf8'))) out.files.push(child);
          else out.skipped.push(child);
        }
      }
    } else out.files.push(p);
  };
  for (const p of paths) {
    if (!existsSync(p)) out.missing.push(p);
    else walk(p);
  }
  return out;
}
