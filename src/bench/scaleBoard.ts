// Scale boards for the benchmark: N permanents shared by Alice and Bob, of which a given number are
// sources of continuous effects (anthems, Blood Moon, March of the Machines, Opalescence, Humility),
// and a four-spell timeline (two Lightning Bolts and two Shocks, each cast and resolved).
// The text is an ordinary scenario, so loading it is part of what is measured.

/** The effect sources, in the order they are dealt out. */
const SOURCES = ['Glorious Anthem', 'Blood Moon', 'March of the Machines', 'Opalescence', 'Humility'];

/**
 * The rest of the board: creatures, basic and nonbasic lands, a noncreature artifact and a
 * noncreature enchantment (what March of the Machines and Opalescence animate), none of them with a
 * static ability that is a continuous effect.
 */
const FILLER = ['Grizzly Bears', 'Mountain', 'Hill Giant', 'Sacred Foundry', 'Memnite', 'Chimeric Staff', 'Savannah Lions', 'Forest', 'Hardened Scales', 'Serra Angel'];

export interface ScaleBoard {
  permanents: number;
  sources: number;
}

/** The permanents of the board in order: sources first, dealt out evenly among the filler. */
function permanents(b: ScaleBoard): string[] {
  const out: string[] = [];
  const every = b.sources > 0 ? b.permanents / b.sources : Infinity;
  let s = 0;
  let f = 0;
  for (let i = 0; i < b.permanents; i++) {
    if (s < b.sources && i >= s * every) out.push(SOURCES[s++ % SOURCES.length]!);
    else out.push(FILLER[f++ % FILLER.length]!);
  }
  return out;
}

/** The scenario text of a scale board with its four-spell timeline. */
export function scaleScenarioText(b: ScaleBoard): string {
  // the four Mountains and the target below count among the permanents
  const all = permanents({ permanents: Math.max(0, b.permanents - 5), sources: b.sources });
  const alice = all.filter((_, i) => i % 2 === 0);
  const bob = all.filter((_, i) => i % 2 === 1);
  const list = (xs: string[]) => xs.map((x) => `      - ${JSON.stringify(x)}`).join('\n');
  return [
    `scenario: scale board of ${b.permanents} permanents with ${b.sources} effect sources`,
    'players:',
    '  Alice:',
    '    hand: [Lightning Bolt, Lightning Bolt, Shock, Shock]',
    '    battlefield:',
    // mana enough for the four spells whatever the board does to nonbasic lands
    list(['Mountain', 'Mountain', 'Mountain', 'Mountain', ...alice]),
    '  Bob:',
    '    battlefield:',
    '      - { card: Grizzly Bears, id: target }',
    list(bob),
    'actions:',
    '  - { cast: Lightning Bolt, targets: [target] }',
    '  - resolve',
    '  - { cast: Lightning Bolt, targets: [Bob] }',
    '  - resolve',
    '  - { cast: Shock, targets: [Bob] }',
    '  - resolve',
    '  - { cast: Shock, targets: [Bob] }',
    '  - resolve',
    '',
  ].join('\n');
}
