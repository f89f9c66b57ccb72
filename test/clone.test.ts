// A snapshot's copy of the state: the same as structuredClone on plain data, and independent of it.

import { describe, expect, it } from 'vitest';
import { clonePlain, cloneTree } from '../dist/util/clone.js';

describe('clonePlain', () => {
  it('copies plain data deeply, keys in order and undefined values kept, like structuredClone', () => {
    const v = { b: 1, a: [1, 'x', null, { c: undefined, d: [true, false] }], e: { f: { g: 'h' } }, i: undefined };
    const c = clonePlain(v);
    expect(c).toStrictEqual(structuredClone(v));
    expect(Object.keys(c)).toEqual(Object.keys(v));
    expect(Object.keys(c.a[3] as object)).toEqual(['c', 'd']);
    c.e.f.g = 'changed';
    (c.a as unknown[]).push(2);
    expect(v.e.f.g).toBe('h');
    expect(v.a).toHaveLength(4);
  });

  it('a part shared by two places of the original is shared by the copies, as structuredClone keeps it', () => {
    const shared = { kind: 'end_of_turn' };
    const v = { effects: [{ duration: shared }, { duration: shared }] };
    const c = clonePlain(v);
    expect(c.effects[0]!.duration).toBe(c.effects[1]!.duration);
    expect(c.effects[0]!.duration).not.toBe(shared);
  });
});

describe('cloneTree', () => {
  it('copies plain data deeply and independently, keys in order, as clonePlain does', () => {
    const v = { b: 1, a: [1, 'x', null, { c: undefined, d: [true, false] }], e: { f: { g: 'h' } } };
    const c = cloneTree(v);
    expect(c).toStrictEqual(clonePlain(v));
    expect(Object.keys(c.a[3] as object)).toEqual(['c', 'd']);
    c.e.f.g = 'changed';
    expect(v.e.f.g).toBe('h');
  });

  it('a part shared by two places is copied for each (what is kept only to be read needs no table of it)', () => {
    const shared = { kind: 'end_of_turn' };
    const c = cloneTree({ effects: [{ duration: shared }, { duration: shared }] });
    expect(c.effects[0]!.duration).toStrictEqual(c.effects[1]!.duration);
    expect(c.effects[0]!.duration).not.toBe(c.effects[1]!.duration);
  });
});
