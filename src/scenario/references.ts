// The references of a timeline checked without playing it (`ruling check`): every REF an action,
// answer or checkpoint names must be able to name something when the run reaches it: an id of the
// file, a player, or the name of a card, face or token the cards in play can make (docs/scenario-
// format.md, "References"). What a run resolves against the game of the moment (which Bolt, whether
// it is in hand) is left to the run.

import type { CardRegistry } from '../cards/registry.js';
import type { Game } from '../state/game.js';
import { closest } from '../util/suggest.js';
import { formatPath, type ScenarioError } from './errors.js';
import type { LoadedScenario } from './load.js';
import type { ActionSpec } from './schema.js';

/** Every name a card of the registry can give an object: cards, faces, tokens it makes. */
function nameableThings(registry: CardRegistry): Set<string> {
  const names = new Set<string>();
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') { if (key === 'name') names.add(v.toLowerCase()); return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, key); return; }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  for (const c of registry.all()) walk(c, '');
  return names;
}

type Found = { path: PropertyKey[]; ref: string };

const OBJECT_VERBS = ['cast', 'activate', 'play', 'turn_face_up', 'suspend'] as const;

/** The REFs of one action with their key paths. */
function actionRefs(a: ActionSpec, base: PropertyKey[]): Found[] {
  const out: Found[] = [];
  const add = (path: PropertyKey[], v: unknown) => {
    if (typeof v === 'string') out.push({ path: [...base, ...path], ref: v });
    else if (Array.isArray(v)) v.forEach((x, i) => add([...path, i], x));
  };
  for (const verb of OBJECT_VERBS) if (a[verb] !== undefined) add([verb], a[verb]);
  if (a.by !== undefined) add(['by'], a.by);
  add(['targets'], a.targets);
  for (const k of Object.keys(a.divide ?? {})) add(['divide', k], k);
  for (const [k, v] of Object.entries(a.attack ?? {})) { add(['attack', k], k); add(['attack', k], v); }
  for (const [k, v] of Object.entries(a.block ?? {})) { add(['block', k], k); add(['block', k], v); }
  (a.pay ?? []).forEach((p, i) => add(['pay', i], payRef(p)));
  (a.answers ?? []).forEach((ans, i) => {
    add(['answers', i, 'targets'], ans.targets);
    add(['answers', i, 'order'], ans.order);
    add(['answers', i, 'apply'], ans.apply);
    (ans.pay ?? []).forEach((p, j) => add(['answers', i, 'pay', j], payRef(p)));
  });
  for (const k of Object.keys(a.expect?.objects ?? {})) add(['expect', 'objects', k], k);
  return out;
}

/** Errors for the REFs of the timeline that can name nothing, with a suggestion. */
export function referenceErrors(sc: LoadedScenario, g: Game): ScenarioError[] {
  const created = ((sc.spec.actions ?? []) as ActionSpec[]).flatMap((a) => a.created ?? []);
  const ids = [...Object.values(g.state.objects).map((o) => o.ref).filter((r): r is string => r !== undefined), ...created];
  const players = g.state.players.map((p) => p.name);
  const names = nameableThings(sc.registry);
  const known = (ref: string): boolean => {
    if (ids.includes(ref) || players.includes(ref) || ref === 'keep' || /^(\{[^}]+\})+$/.test(ref)) return true;
    const bare = ref.replace(/#\d+$/, '').replace(/^ability of /i, '').replace(/:.*$/, '').trim();
    return ids.includes(bare) || names.has(bare.toLowerCase());
  };
  const errors: ScenarioError[] = [];
  ((sc.spec.actions ?? []) as ActionSpec[]).forEach((a, i) => {
    for (const { path, ref } of actionRefs(a, ['actions', i])) {
      if (known(ref)) continue;
      const hint = closest(ref, [...ids, ...players, ...sc.registry.names()], 3);
      errors.push({ file: sc.file, pos: sc.at(path, typeof path.at(-1) === 'string' && path.at(-1) === ref), path: formatPath(path), message: `"${ref}" names no id, player or card a run could find${hint.length ? `; did you mean ${hint.map((h) => `"${h}"`).join(' or ')}?` : ''}` });
    }
  });
  return errors;
}

/** The object a pay step names: a mana source, or what pays by convoke, improvise or delve. */
function payRef(p: string | { source: string } | { convoke: string } | { improvise: string } | { delve: string }): string {
  if (typeof p === 'string') return p;
  return 'source' in p ? p.source : 'convoke' in p ? p.convoke : 'improvise' in p ? p.improvise : p.delve;
}
