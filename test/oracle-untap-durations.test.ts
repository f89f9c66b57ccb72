// "Doesn't untap" beyond the next untap step: "for as long as" durations (611.2b), and the next untap
// step of a named player (502.3).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('untap steps held for as long as a condition lasts', () => {
  it('reads the three durations', () => {
    expect(read("{1}, {T}: Tap target artifact. It doesn't untap during its controller's untap step for as long as Foo remains tapped."))
      .toEqual({ activated: { cost: '{1}, {T}', targets: { t: 'artifact' }, do: [{ tap: 't' }, { skip_untaps: 't', until: 'source_tapped' }] } });
    expect(read("When Foo enters the battlefield, tap target creature an opponent controls. That creature doesn't untap during its controller's untap step for as long as you control Foo."))
      .toEqual({ triggered: { when: { enters: 'self' }, targets: { t: 'creature an opponent controls' }, do: [{ tap: 't' }, { skip_untaps: 't', until: 'source_controlled' }] } });
    expect(read("Whenever Foo deals damage to a player, tap target creature that player controls. That creature doesn't untap during its controller's untap step for as long as Foo remains on the battlefield."))
      .toMatchObject({ triggered: { do: [{ tap: 't' }, { skip_untaps: 't', until: 'source_on_battlefield' }] } });
  });

  it("names the player whose next untap step it is", () => {
    expect(read("Tap all creatures target player controls. Those creatures don't untap during that player's next untap step.", true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ tap: { all: 'creatures that player controls' } }] }, { skip_next_untap: 'it', whose: 't' }] } });
    expect(read("Lands you control don't untap during your next untap step.", true))
      .toEqual({ spell: { do: [{ skip_next_untap: { all: 'lands you control' }, whose: 'you' }] } });
    expect(read("Lands target player controls don't untap during their next untap step.", true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ skip_next_untap: { all: 'lands that player controls' }, whose: 't' }] }] } });
  });
});
