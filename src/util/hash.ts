// Hashes and file stamps for cache keys and file identities. node:crypto costs more to load than a
// whole short run of a scenario, so it is loaded only when a hash is really asked for, not with the
// modules that might ask; a file name that needs no more than spreading uses a plain hash in JavaScript.

import type { Hash } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';

/** node:crypto's createHash, with the module loaded on the first call. */
export function createHash(algorithm: 'sha1' | 'sha256'): Hash {
  return process.getBuiltinModule('node:crypto').createHash(algorithm);
}

/**
 * A 64-bit FNV-1a hash of the parts (each followed by a separator, so ['ab', 'c'] and ['a', 'bc']
 * differ), as 16 hex digits: for file names, where whoever reads the file checks what it holds.
 */
export function quickHash(parts: Iterable<string>): string {
  let a = 0x811c9dc5;
  let b = 0x5bd1e995;
  const mix = (c: number) => {
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  };
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) mix(part.charCodeAt(i));
    mix(0x10ffff);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * What identifies files without reading them, for a cache key: the name, size and modification time
 * of each. Any edit changes a file's time, and reading and hashing the files instead would cost more
 * than most caches save.
 */
export function fileStamps(files: readonly string[]): string[] {
  return files.map((f) => {
    try {
      const s = statSync(f);
      return `${basename(f)} ${s.size} ${s.mtimeMs}`;
    } catch {
      return `${basename(f)} absent`;
    }
  });
}
