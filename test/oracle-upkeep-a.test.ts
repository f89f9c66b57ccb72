// The compiler's templates met in "At the beginning of your upkeep, ..." abilities (family a): counts of
// a library or graveyard and an exact life total as intervening "if"s, and the player with the most of
// something gaining control of the source.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const permanent = (text: string) => compileParagraph(text, 'Foo', false);
const upkeep = { step: 'upkeep', whose: 'you' };

describe('counted conditions of an intervening "if" (603.4)', () => {
  it('reads cards in your library, an exact life total and creature cards in your graveyard', () => {
    expect(permanent('At the beginning of your upkeep, if you have 200 or more cards in your library, you win the game.')).toEqual({ triggered: {
      when: upkeep, if: { at_least: 200, of: { count: 'card in your library' } }, do: [{ win_game: 'you' }],
    } });
    expect(permanent('At the beginning of your upkeep, if you have exactly 1 life, you win the game.')).toEqual({ triggered: {
      when: upkeep, if: { all: [{ life_at_least: 1 }, { life_at_most: 1 }] }, do: [{ win_game: 'you' }],
    } });
    expect(permanent('At the beginning of your upkeep, if twenty or more creature cards are in your graveyard, you win the game.')).toEqual({ triggered: {
      when: upkeep, if: { at_least: 20, of: { count: 'creature card in your graveyard' } }, do: [{ win_game: 'you' }],
    } });
    expect(permanent('At the beginning of your upkeep, if there are fewer than six creature cards in your graveyard, sacrifice a creature.')).toEqual({ triggered: {
      when: upkeep, if: { less_than: 6, of: { count: 'creature card in your graveyard' } }, do: [{ sacrifice: 'creature' }],
    } });
  });
});

describe('"the player with the most ... gains control of CARDNAME" (613.1b)', () => {
  it('gives the source to the one player with the most, after "if a player has more ... than each other player"', () => {
    expect(permanent('At the beginning of your upkeep, if a player has more life than each other player, the player with the most life gains control of Foo.')).toEqual({ triggered: {
      when: upkeep, if: { more: 'life', who: 'each_player', than: 'each_other_player' },
      do: [{ who: 'most:life', gain_control: 'self', until: 'permanent' }],
    } });
    expect(permanent('At the beginning of your upkeep, if a player has more cards in hand than each other player, the player who has the most cards in hand gains control of Foo.'))
      .toMatchObject({ triggered: { if: { more: 'cards_in_hand', who: 'each_player' }, do: [{ who: 'most:cards_in_hand' }] } });
    expect(permanent('At the beginning of your upkeep, if a player controls more Wizards than each other player, the player who controls the most Wizards gains control of Foo.'))
      .toMatchObject({ triggered: { if: { more: 'Wizard', who: 'each_player' }, do: [{ who: 'most:Wizard', gain_control: 'self' }] } });
  });
  it('leaves unread the player with the lowest life total, whose tie the controller breaks', () => {
    expect(permanent('At the beginning of your upkeep, the player with the lowest life total gains control of Foo.')).toHaveProperty('unsupported');
  });
});

describe('"[you may] exile a [F] card from your graveyard / a graveyard / your hand" (608.2d)', () => {
  it('chooses one such card as it resolves and exiles it, "If you do" asking whether a card was exiled', () => {
    // any card of your hand is exiled by `exile_from_hand`, chosen without being revealed
    expect(permanent('At the beginning of your upkeep, you may exile a card from your hand. If you do, untap Foo.')).toEqual({ triggered: {
      when: upkeep, do: [{ may: [{ exile_from_hand: 1 }] }, { if_you_do: [{ untap: 'self' }] }],
    } });
    expect(permanent('At the beginning of your upkeep, you may exile a blue card from your hand. If you do, untap Foo.')).toEqual({ triggered: {
      when: upkeep, do: [{ may: [{ choose: { object: 'blue card in your hand' } }, { exile: 'chosen' }] }, { if_you_do: [{ untap: 'self' }] }],
    } });
    expect(permanent("At the beginning of your upkeep, you may exile a creature card from a graveyard. If you do, put a +1/+1 counter on Foo. If you don't, tap Foo."))
      .toMatchObject({ triggered: { do: [{ may: [{ choose: { object: 'creature card in a graveyard' } }, { exile: 'chosen' }] }, { if_you_do: [{ put_counters: '+1/+1' }] }, { if_you_do: [], otherwise: [{ tap: 'self' }] }] } });
    expect(permanent('At the beginning of your upkeep, you may exile a land card from your graveyard. If you do, put a +1/+1 counter on target creature.'))
      .toMatchObject({ triggered: { targets: { t: 'creature' }, do: [{ may: [{ choose: { object: 'land card in your graveyard' } }, { exile: 'chosen' }] }, { if_you_do: [{ put_counters: '+1/+1', affected: 't' }] }] } });
  });
  it('leaves "Otherwise" after "If you do" unread', () => {
    expect(permanent('At the beginning of your upkeep, exile a creature card from your graveyard. If you do, put a +1/+1 counter on Foo. Otherwise sacrifice it.')).toHaveProperty('unsupported');
  });
});

describe('populate (701.36)', () => {
  it('chooses a creature token you control and creates a copy of it, wherever an instruction is read', () => {
    const populate = [{ choose: { object: 'creature token you control' } }, { create_token_copy: 'chosen' }];
    expect(permanent('At the beginning of your upkeep, populate.')).toEqual({ triggered: { when: upkeep, do: populate } });
    expect(compileParagraph('Create a 1/1 white Bird creature token with flying, then populate.', 'Foo', true))
      .toMatchObject({ spell: { do: [{ create_token: { pt: '1/1' } }, ...populate] } });
  });
});
