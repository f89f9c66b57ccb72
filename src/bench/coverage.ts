// Real-card coverage: the share of a card file (default ../shared/cards/oracle-dev.json) that the
// engine supports whole when compiled from Oracle text, and the commonest reasons for the rest.
// `npm run coverage [-- FILE] [--json] [--where]`; the README's figures come from this script.
// `--where` shows where the grammar stops reading the unread paragraphs, grouped by the words
// around that point: what to add next.

import { readFileSync } from 'node:fs';
import { readCards } from '../cards/catalog.js';
import { coverage, percent, whereItStops } from '../cards/oracle/coverage.js';

function main(): void {
  // output piped into `head` may close early: that is the reader's choice, not an error
  process.stdout.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const file = args.find((a) => !a.startsWith('--')) ?? '../shared/cards/oracle-dev.json';
  const t0 = performance.now();
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch {
    process.stderr.write(`coverage: can't read ${file} (give the path of an MTGJSON or Scryfall card file)\n`);
    process.exitCode = 2;
    return;
  }
  const cards = readCards(file, text);
  if (args.includes('--where')) {
    for (const [where, n] of whereItStops(cards).slice(0, 40)) process.stdout.write(`  ${String(n).padStart(6)}  ${where}\n`);
    return;
  }
  const c = coverage(cards);
  const seconds = (performance.now() - t0) / 1000;
  if (json) {
    process.stdout.write(`${JSON.stringify({ file, cards: c.cards, supported: c.supported, seconds: Number(seconds.toFixed(2)), reasons: c.reasons.slice(0, 20) })}\n`);
    return;
  }
  process.stdout.write(`${file}: ${c.supported} of ${c.cards} cards supported whole (${percent(c.supported, c.cards)}), compiled in ${seconds.toFixed(1)} s\n`);
  for (const [reason, n] of c.reasons.slice(0, 20)) process.stdout.write(`  ${String(n).padStart(6)}  ${reason}\n`);
}

main();
