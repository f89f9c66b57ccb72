// Reading real card data: MTGJSON's AtomicCards (v5: `data` maps a card name to its faces) and
// Scryfall's bulk `oracle-cards` (a list of card objects). Both become the same plain records of a
// card's characteristics and Oracle text, which the rest of the pipeline reads.

/** One face of a real card, as printed in Oracle (for a one-faced card, the card itself). */
export interface OracleFace {
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: string[];
  colorIndicator: string[] | null;
  typeLine: string;
  power: string | null;
  toughness: string | null;
  loyalty: string | null;
  defense: string | null;
  keywords: string[];
  text: string;
}

/** A real card: its full name ("Fire // Ice" for a split card), its layout and its faces. */
export interface OracleCard {
  name: string;
  layout: string;
  faces: OracleFace[];
}

/** Where a card file came from, kept with an imported database. */
export interface SourceInfo {
  format: 'mtgjson' | 'scryfall';
  /** The file's own date or version, when it states one. */
  date: string | null;
  version: string | null;
}

export class CardDataError extends Error {}

type Json = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Decides the format from the parsed JSON and reads every card; throws CardDataError for other shapes. */
export function readCardData(json: unknown): { cards: OracleCard[]; source: SourceInfo } {
  if (Array.isArray(json)) return { cards: readScryfall(json), source: { format: 'scryfall', date: null, version: null } };
  if (json && typeof json === 'object' && 'data' in json) {
    const root = json as { meta?: Json; data: unknown };
    if (root.data && typeof root.data === 'object' && !Array.isArray(root.data)) {
      return {
        cards: readMtgjson(root.data as Json),
        source: { format: 'mtgjson', date: str(root.meta?.date), version: str(root.meta?.version) },
      };
    }
  }
  throw new CardDataError('expected MTGJSON AtomicCards (an object with `data` mapping names to faces) or Scryfall oracle-cards (a list of cards)');
}

function readMtgjson(data: Json): OracleCard[] {
  const out: OracleCard[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (!Array.isArray(value) || value.length === 0) continue;
    const printed = value.filter((f): f is Json => !!f && typeof f === 'object');
    // a card can be listed once per face; sides a, b, ... in order
    const faces = [...printed].sort((a, b) => String(a.side ?? 'a').localeCompare(String(b.side ?? 'a')));
    const first = faces[0]!;
    out.push({ name, layout: str(first.layout) ?? 'normal', faces: faces.map((f) => mtgjsonFace(f, faces.length > 1)) });
  }
  return out;
}

function mtgjsonFace(f: Json, many: boolean): OracleFace {
  return {
    name: (many ? str(f.faceName) : null) ?? str(f.name) ?? '',
    manaCost: str(f.manaCost),
    manaValue: num(f.faceManaValue ?? f.manaValue ?? f.convertedManaCost),
    colors: strs(f.colors),
    colorIndicator: Array.isArray(f.colorIndicator) ? strs(f.colorIndicator) : null,
    typeLine: str(f.type) ?? '',
    power: str(f.power),
    toughness: str(f.toughness),
    loyalty: str(f.loyalty),
    defense: str(f.defense),
    keywords: strs(f.keywords),
    text: str(f.text) ?? '',
  };
}

function readScryfall(list: unknown[]): OracleCard[] {
  const out: OracleCard[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Json;
    if (c.object !== undefined && c.object !== 'card') continue;
    const name = str(c.name);
    if (!name) continue;
    const faceList = Array.isArray(c.card_faces) ? c.card_faces.filter((f): f is Json => !!f && typeof f === 'object') : [];
    const faces = faceList.length ? faceList.map((f) => scryfallFace({ ...c, ...f, keywords: c.keywords, cmc: c.cmc })) : [scryfallFace(c)];
    out.push({ name, layout: str(c.layout) ?? 'normal', faces });
  }
  return out;
}

function scryfallFace(f: Json): OracleFace {
  const cost = str(f.mana_cost);
  return {
    name: str(f.name) ?? '',
    manaCost: cost === '' ? null : cost,
    manaValue: num(f.cmc),
    colors: strs(f.colors),
    colorIndicator: Array.isArray(f.color_indicator) ? strs(f.color_indicator) : null,
    typeLine: str(f.type_line) ?? '',
    power: str(f.power),
    toughness: str(f.toughness),
    loyalty: str(f.loyalty),
    defense: str(f.defense),
    keywords: strs(f.keywords),
    text: str(f.oracle_text) ?? '',
  };
}
