// "Did you mean ...?" suggestions for user errors.

export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const row = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (s[i - 1] === t[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[t.length]!;
}

/** Words longer than this get no suggestion: nobody misspells a name that long, and the distance
 * costs time in the product of the lengths. */
const LONGEST_SUGGESTED = 100;

/** The closest candidates to `word`, best first (at most `max`), within a distance that scales with length. */
export function closest(word: string, candidates: Iterable<string>, max = 3): string[] {
  if (word.length > LONGEST_SUGGESTED) return [];
  const limit = Math.max(2, Math.floor(word.length / 3));
  const scored: Array<[string, number]> = [];
  const lw = word.toLowerCase();
  for (const c of new Set(candidates)) {
    const lc = c.toLowerCase();
    const prefix = lc.startsWith(lw) || lw.startsWith(lc);
    if (!prefix && Math.abs(lc.length - lw.length) > limit) continue;
    let d = editDistance(lw, lc);
    if (lc.startsWith(lw) || lw.startsWith(lc)) d = Math.min(d, 1);
    if (d <= limit) scored.push([c, d]);
  }
  scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  return scored.slice(0, max).map(([c]) => c);
}

/** " (did you mean `x`?)" or "" */
export function didYouMean(word: string, candidates: Iterable<string>, quote = '`'): string {
  const c = closest(word, candidates, 1);
  return c.length > 0 ? `did you mean ${quote}${c[0]}${quote}?` : '';
}

/** A name as an error message quotes it: long input is cut, so a message stays a line. */
export function shown(name: string, max = 80): string {
  return name.length > max ? `${name.slice(0, max)}… (${name.length} characters)` : name;
}
