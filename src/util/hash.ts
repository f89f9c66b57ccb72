// Hashes for cache keys and file identities. node:crypto costs more to load than a whole short run
// of a scenario, so it is loaded only when a hash is really asked for, not with the modules that
// might ask.

import type { Hash } from 'node:crypto';

/** node:crypto's createHash, with the module loaded on the first call. */
export function createHash(algorithm: 'sha1' | 'sha256'): Hash {
  return process.getBuiltinModule('node:crypto').createHash(algorithm);
}
