// Instructions that act on the stack: countering (701.6), casting while another spell resolves (608.2g),
// and copying spells (707.10).

import { counterObject } from '../events/keywordActions.js';
import { attempt } from '../game/playerActions.js';
import { castSpell } from '../stack/casting.js';
import { copyForEachOtherTarget, copySpell } from '../stack/copy.js';
import { objects, amount, type Handlers } from './context.js';

export const STACK_HANDLERS: Handlers<'counter' | 'cast' | 'copy_spell'> = {
  counter(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of objects(g, ctx, e.affected)) {
      if (e.to && e.to !== 'graveyard') g.emit('effect', '616.1a', `${src}'s own replacement ("${e.to === 'library_top' ? 'on top of its owner\'s library' : e.to === 'hand' ? 'into its owner\'s hand' : 'exile it'} instead") is a self-replacement effect: it applies before any other (614.15)`);
      counterObject(g, id, src, e.to === 'library_top' ? 'library' : e.to === 'hand' ? 'hand' : e.to === 'exile' ? 'exile' : 'graveyard');
    }
  },
  cast(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // 608.2g: a spell cast while another resolves goes on the stack; an illegal cast is undone (730)
    const [id] = objects(g, ctx, e.affected);
    const o = g.tryObj(id);
    const player = ctx.controller;
    if (!o || o.zone === 'stack' || o.zone === 'battlefield') {
      g.emit('info', '608.2c', `${src}: there is no card to cast`);
      return;
    }
    if (e.optional) {
      const a = g.ask({ kind: 'yes', player, rule: '608.2d', prompt: `${src}: cast ${g.name(o.id)}${e.without_paying ? ' without paying its mana cost' : ''}?` });
      if (!(a as { value: boolean }).value) {
        g.emit('info', '608.2d', `${player} chooses not to cast ${g.name(o.id)}`, { player });
        return;
      }
      g.emit('info', '608.2g', `${player} casts ${g.name(o.id)} while ${src} resolves${e.without_paying ? ', without paying its mana cost' : ''}`, { player });
    }
    const r = attempt(g, `${player}'s cast of ${g.name(o.id)}`, () => castSpell(g, { player, card: o.id, byEffect: { ...(e.without_paying ? { withoutPaying: true } : {}) } }));
    outer.didLast = r.ok;
  },
  copy_spell(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of objects(g, ctx, e.affected)) {
      const o = g.tryObj(id);
      if (!o?.spell || o.zone !== 'stack') {
        g.emit('info', '707.10', `${src}: the spell to copy is no longer on the stack`);
        continue;
      }
      if (e.for_each_other_target) {
        copyForEachOtherTarget(g, o.id, ctx.controller, src);
        continue;
      }
      const times = e.times !== undefined ? amount(g, ctx, e.times) : 1;
      for (let i = 0; i < times; i++) copySpell(g, o.id, ctx.controller, src, e.new_targets, e.colors);
    }
  },
};
