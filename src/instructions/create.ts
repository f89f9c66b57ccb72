// Creating tokens (111.4), including tokens that are copies of an object (707.2); effects that change how
// many tokens are created apply first (614.16).

import type { Thing } from '../characteristics/filters.js';
import type { ObjId } from '../state/state.js';
import { captureCopy, exceptionNotes } from '../characteristics/copyEffects.js';
import { createEnteringPermanent } from '../events/zones.js';
import { replaceEvent } from '../events/replacement.js';
import { refThings, amount, type Handlers } from './context.js';

export const CREATE_HANDLERS: Handlers<'create_token'> = {
  create_token(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // 614.16: effects that change how many tokens are created apply first; then each enters (614.12)
    const ev = replaceEvent(g, { kind: 'tokens', controller: ctx.controller, n: amount(g, ctx, e.amount) });
    const n = ev && ev.kind === 'tokens' ? ev.n : 0;
    const made: Thing[] = [];
    // 707.2, 111.10: a token that's a copy of an object has that object's copiable values
    const original = e.token.copy_of !== undefined ? refThings(g, ctx, e.token.copy_of).find((t): t is { obj: ObjId } => 'obj' in t) : undefined;
    if (e.token.copy_of !== undefined && !original) {
      g.emit('info', '608.2b', `${src}: there is nothing to copy, so no token is created`);
      return;
    }
    for (let i = 0; i < n; i++) {
      const copied = original ? captureCopy(g, original.obj, e.copy_except, undefined, ctx.abilityKey) : undefined;
      const o = createEnteringPermanent(g, { token: e.token, owner: ctx.controller, zone: 'battlefield', ...(e.tapped ? { tapped: true } : {}), ...(copied ? { copied } : {}) });
      if (!o) continue;
      made.push({ obj: o.id });
      const what = copied ? `token that's a copy of ${copied.from}` : `${e.token.power !== undefined ? `${e.token.power}/${e.token.toughness} ` : ''}token named ${e.token.name}`;
      g.emit('zone', copied ? '707.2' : '111.4', `${src} creates a ${what}`, { obj: o.id, data: { type: 'zone', obj: o.id, newObj: o.id, from: null, to: 'battlefield', owner: ctx.controller, controller: ctx.controller } });
      if (copied) for (const note of exceptionNotes(e.copy_except)) g.emit('info', note.rule, note.text, { obj: o.id });
    }
    outer.it = made;
  },
};
