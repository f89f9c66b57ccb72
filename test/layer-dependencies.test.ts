// 613.8: the layer system finds dependencies by a trial application, spared when what one effect
// changes is nothing the other reads (src/characteristics/footprints.ts). These rulings must still
// find the dependency: an effect that removes the ability another exists by (Blood Moon and Urborg,
// Humility-like effects on creatures Opalescence made), and a layer-4 type change that changes what
// another effect's filter matches (Mycosynth Lattice and March of the Machines).

import { describe, expect, it } from 'vitest';
import { meets, readsOfFilter, writesIn, footprint } from '../dist/characteristics/footprints.js';
import { computeAll, explainLayers } from '../dist/characteristics/layers.js';
import { scaleScenarioText } from '../dist/bench/scaleBoard.js';
import { parseFilter } from '../dist/cards/filter.js';
import type { LayerMod } from '../dist/state/state.js';
import { byRef, load, yaml } from './helpers.js';

const filter = (text: string) => {
  const f = parseFilter(text);
  if ('error' in f) throw new Error(f.error);
  return f;
};
const opalescence: LayerMod[] = [{ layer: '4', kind: 'types', types: ['creature'], add: true }, { layer: '7b', kind: 'set_pt_mana_value' }];
const bloodMoon: LayerMod[] = [{ layer: '4', kind: 'types', subtypes: ['Mountain'], add: false, landTypes: true }];
const humility: LayerMod[] = [{ layer: '6', kind: 'abilities', removeAll: true }];
/** What an effect of a static ability reads to exist: its source's abilities. */
const existsByAbility = footprint(['abilities']);

describe('613.8a: what an effect changes against what another reads', () => {
  it('making enchantments creatures meets "noncreature artifact" (March of the Machines)', () => {
    expect(meets(readsOfFilter(filter('noncreature artifact')), writesIn(opalescence, '4'))).toBe(true);
  });

  it('making permanents artifacts meets "noncreature artifact"', () => {
    expect(meets(readsOfFilter(filter('noncreature artifact')), writesIn([{ layer: '4', kind: 'types', types: ['artifact'], add: true }], '4'))).toBe(true);
  });

  it('setting land types takes abilities away: it meets the existence of an ability\'s effect (Urborg)', () => {
    expect(meets(existsByAbility, writesIn(bloodMoon, '4'))).toBe(true);
  });

  it('removing abilities meets the existence of another Humility\'s effect', () => {
    expect(meets(existsByAbility, writesIn(humility, '6'))).toBe(true);
  });

  it('a change of creature types meets a filter naming a creature type, and a change of types one naming a card type', () => {
    expect(meets(readsOfFilter(filter('Goblin creature')), writesIn([{ layer: '4', kind: 'types', subtypes: ['Elf'], add: false }], '4'))).toBe(true);
    expect(meets(readsOfFilter(filter('Goblin')), writesIn([{ layer: '4', kind: 'types', types: ['creature'], add: true }], '4'))).toBe(true);
  });

  it('no trial where none can matter: creatures made by Opalescence are not "nonbasic lands", P/T changes are no types', () => {
    expect(meets(readsOfFilter(filter('nonbasic land')), writesIn(opalescence, '4'))).toBe(false);
    expect(meets(readsOfFilter(filter('non-Aura enchantment')), writesIn(bloodMoon, '4'))).toBe(false);
    expect(meets(readsOfFilter(filter('creature you control')), writesIn([{ layer: '7c', kind: 'mod_pt', power: 1, toughness: 1 }], '7c'))).toBe(false);
  });
});

describe('613.8: dependencies the layer system still finds', () => {
  it('Urborg depends on Blood Moon: Blood Moon applies first, and Urborg has no Swamp-granting ability left', () => {
    const { game } = load(yaml`
      scenario: Blood Moon and Urborg
      players:
        Alice:
          battlefield:
            - { card: "Urborg, Tomb of Yawgmoth", id: urborg, timestamp: 1 }
            - { card: Forest, id: forest, timestamp: 2 }
            - { card: Blood Moon, id: moon, timestamp: 3 }
        Bob: {}
    `);
    expect(game.chars(byRef(game, 'urborg').id).subtypes).toEqual(['Mountain']);
    expect(game.chars(byRef(game, 'forest').id).subtypes).toEqual(['Forest']);
    const steps = explainLayers(game, byRef(game, 'urborg').id);
    expect(steps.find((s) => s.layer === '4' && s.source === 'Blood Moon')?.why).toMatch(/613\.8a: .*Urborg.* depends on Blood Moon/);
  });

  it('March of the Machines depends on an effect making permanents artifacts: lands become artifact creatures', () => {
    const { game } = load(yaml`
      scenario: Mycosynth Lattice and March of the Machines
      cards:
        - name: Mycosynth Lattice
          cost: "{6}"
          type: Artifact
          text: |
            All permanents are artifacts in addition to their other types.
          abilities:
            - static: { add_types: [artifact], affected: permanent }
      players:
        Alice:
          battlefield:
            - { card: March of the Machines, timestamp: 1 }
            - { card: Forest, id: forest, timestamp: 2 }
            - { card: Mycosynth Lattice, timestamp: 3 }
        Bob: {}
    `);
    const forest = game.chars(byRef(game, 'forest').id);
    expect(forest.types).toEqual(['land', 'artifact', 'creature']);
    expect([forest.power, forest.toughness]).toEqual([0, 0]);
    const steps = explainLayers(game, byRef(game, 'forest').id);
    expect(steps.filter((s) => s.layer === '4').map((s) => [s.source, s.effect])).toEqual([['Mycosynth Lattice', 'adds artifact'], ['March of the Machines', 'adds creature']]);
    expect(steps.find((s) => s.source === 'Mycosynth Lattice')?.why).toMatch(/613\.8a: March of the Machines's effect .* depends on Mycosynth Lattice's effect .*, which changes what March of the Machines's applies to/);
  });

  it('an ability granted by a creature depends on an effect removing creatures\' abilities, applied first though later', () => {
    const { game } = load(yaml`
      scenario: a creature granting flying to artifacts, and Dress Down
      cards:
        - name: Wind Smith
          cost: "{1}{U}"
          type: Creature — Human Artificer
          pt: 1/1
          text: |
            Artifacts you control have flying.
      players:
        Alice:
          battlefield:
            - { card: Wind Smith, id: smith, timestamp: 1 }
            - { card: Chimeric Staff, id: staff, timestamp: 2 }
            - { card: Dress Down, timestamp: 3 }
        Bob: {}
    `);
    expect(game.chars(byRef(game, 'staff').id).abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Flying')).toBe(false);
    expect(game.chars(byRef(game, 'smith').id).abilities).toEqual([]);
  });

  it('two Humilities made creatures by Opalescence depend on each other, a loop (613.8b): in timestamp order, the later one no longer exists', () => {
    const { game } = load(yaml`
      scenario: Opalescence and two Humilities
      players:
        Alice:
          battlefield:
            - { card: Opalescence, timestamp: 1 }
            - { card: Humility, id: first, timestamp: 2 }
            - { card: Humility, id: second, timestamp: 3 }
            - { card: Hill Giant, id: giant, timestamp: 4 }
        Bob: {}
    `);
    for (const ref of ['first', 'second', 'giant']) {
      const c = game.chars(byRef(game, ref).id);
      expect([c.power, c.toughness, c.abilities.length]).toEqual([1, 1, 0]);
    }
    const steps = explainLayers(game, byRef(game, 'giant').id);
    expect(steps.filter((s) => s.layer === '6' || s.layer === '7b').map((s) => `${s.layer} ${s.timestamp}`)).toEqual(['6 2', '7b 2']);
  });
});

// Many copies of one effect are worked out once (src/characteristics/repeats.ts): the result must be
// what applying every copy in its turn gives, which is what the layer-by-layer explanation still does.
describe('copies of one effect give the same characteristics as each copy applied in turn', () => {
  const boards: Array<[string, string]> = [
    ['a scale board with 20 sources', scaleScenarioText({ permanents: 60, sources: 20 })],
    ['a scale board with 40 sources', scaleScenarioText({ permanents: 120, sources: 40 })],
    ['Humility and Opalescence alternating, Opalescence last', yaml`
      scenario: alternating set effects
      players:
        Alice:
          battlefield: [Humility, Opalescence, Humility, Opalescence, Glorious Anthem, Glorious Anthem, Grizzly Bears, Chimeric Staff, Blood Moon, Blood Moon, Sacred Foundry]
        Bob:
          battlefield: [Glorious Anthem, March of the Machines, Memnite, Hardened Scales, March of the Machines]
    `],
    ['Opalescence and Humility alternating, Humility last', yaml`
      scenario: alternating set effects
      players:
        Alice:
          battlefield: [Opalescence, Humility, Opalescence, Humility, Glorious Anthem, Grizzly Bears, Hardened Scales]
        Bob:
          battlefield: [Glorious Anthem, Glorious Anthem, Serra Angel]
    `],
  ];
  for (const [name, text] of boards) {
    it(name, () => {
      const { game } = load(text);
      const fast = computeAll(game);
      const one = Object.keys(game.state.objects)[0]!;
      const slow = computeAll(game, one, []);
      expect([...fast.keys()]).toEqual([...slow.keys()]);
      for (const [id, c] of slow) expect(fast.get(id), `${id} (${c.name})`).toEqual(c);
    });
  }
});
