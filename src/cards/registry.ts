// The cards a game knows: the built-in library plus a scenario's own cards (which may shadow a
// library card's name within that scenario). Abilities are addressed by stable keys, so that the
// serializable game state can point at them.

import { parseKeyword } from './compile.js';
import { keywordAbility } from './keywords.js';
import { nameKey } from './oracle/names.js';
import { grantedAbilities, spellOf, type Ability, type CardDef, type CardFace } from './types.js';

/** What a registry looks cards up in after its own: another registry, or imported card data. */
export interface CardSource {
  get(name: string): CardDef | undefined;
  /** By name ignoring case and accents, or by the name of one of the card's faces. */
  find(name: string): CardDef | undefined;
  names(): string[];
  ability(key: string): Ability | undefined;
}

export class CardRegistry implements CardSource {
  private readonly cards: Map<string, CardDef>;
  private readonly abilities = new Map<string, Ability>();
  private readonly lowerNames = new Map<string, string>();

  constructor(cards: Iterable<CardDef>, private readonly parent?: CardSource) {
    this.cards = new Map();
    for (const c of cards) this.add(c);
  }

  private add(c: CardDef): void {
    this.cards.set(c.name, c);
    this.lowerNames.set(nameKey(c.name), c.name);
    for (const face of faces(c)) for (const a of face.abilities) this.indexAbility(a);
    // a face's spell paragraphs are one spell, keyed by the first: a delayed trigger one of them creates
    // is found by its path in the whole spell's instructions
    for (const face of faces(c)) {
      const spell = spellOf(face);
      if (spell) this.abilities.set(spell.key, spell);
    }
  }

  private indexAbility(a: Ability): void {
    this.abilities.set(a.key, a);
    for (const granted of grantedAbilities(a)) this.abilities.set(granted.key, granted);
  }

  /**
   * The card under another name with no rules text: its characteristics alone, for a scenario
   * that says its text doesn't matter to the ruling. Registered here, and returned.
   */
  withoutText(card: CardDef): CardDef {
    const key = `${card.name} [text ignored]`;
    const known = this.cards.get(key);
    if (known) return known;
    const bare = (f: CardFace): CardFace => ({ ...f, text: '', abilities: [] });
    const variant: CardDef = {
      ...card, name: key, main: bare(card.main), unsupported: [], custom: card.custom, textIgnored: true,
      ...(card.adventure ? { adventure: bare(card.adventure) } : {}), ...(card.flip ? { flip: bare(card.flip) } : {}),
      ...(card.split ? { split: bare(card.split) } : {}), ...(card.back ? { back: bare(card.back) } : {}),
    };
    delete variant.declaredUnsupported;
    this.cards.set(key, variant);
    return variant;
  }

  /** A registry with `custom` cards over this one. */
  withCustom(custom: CardDef[]): CardRegistry {
    return new CardRegistry(custom, this);
  }

  get(name: string): CardDef | undefined {
    return this.cards.get(name) ?? this.parent?.get(name);
  }

  /** The exact name, else the name ignoring case and accents. */
  find(name: string): CardDef | undefined {
    if (this.cards.has(name)) return this.cards.get(name);
    const exact = this.lowerNames.size ? this.lowerNames.get(looseKey(name)) : undefined;
    if (exact) return this.cards.get(exact);
    return this.parent?.find(name);
  }

  names(): string[] {
    const own = [...this.cards.keys()];
    const inherited = this.parent ? this.parent.names().filter((n) => !this.cards.has(n)) : [];
    return [...own, ...inherited];
  }

  all(): CardDef[] {
    return this.names().map((n) => this.get(n)!);
  }

  /** An ability by key; "kw:Trample" makes the keyword ability a granting effect names. */
  ability(key: string): Ability | undefined {
    const own = this.abilities.get(key);
    if (own) return own;
    const kwTrigger = keywordAbility(key);
    if (kwTrigger) return kwTrigger;
    if (key.startsWith('kw:')) {
      const k = parseKeyword(key.slice(3), key);
      if (k) { this.abilities.set(key, k); return k; }
      return undefined;
    }
    return this.parent?.ability(key);
  }
}

/** nameKey of the names looked up lately: the same few names are looked up in every layer, game after game. */
const looseKeys = new Map<string, string>();

function looseKey(name: string): string {
  let key = looseKeys.get(name);
  if (key === undefined) {
    if (looseKeys.size >= 10_000) looseKeys.clear();
    key = nameKey(name);
    looseKeys.set(name, key);
  }
  return key;
}

export function faces(c: CardDef): CardFace[] {
  return [c.main, ...(c.adventure ? [c.adventure] : []), ...(c.flip ? [c.flip] : []), ...(c.split ? [c.split] : []), ...(c.back ? [c.back] : [])];
}
