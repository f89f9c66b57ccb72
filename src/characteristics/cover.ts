// Lists of objects met again and again while one layer is applied: every copy of an effect gives
// its list of affected objects, often the very same list, or the same one with the copy's own source
// left out ("each other ..."). Such a list with one object left out is kept as the list and the
// object (AllBut), and made into a list of its own only when its objects are read one by one. Asking
// whether a list is wholly among the objects something was already applied to is answered for the
// list as a whole where it can be, without going through its objects.

import type { ObjId } from '../state/state.js';

/** A list of objects (each object once) with one of them left out, made into a list only when read. */
export class AllBut {
  private list: readonly ObjId[] | undefined;

  constructor(readonly base: readonly ObjId[], readonly except: ObjId) {}

  /** The list itself, made once. */
  get ids(): readonly ObjId[] {
    return (this.list ??= leaveOut(this.base, this.except));
  }

  has(x: ObjId): boolean {
    return x !== this.except && this.base.includes(x);
  }
}

/** The objects something applies to: a list, or a list with one object left out. */
export type Objects = readonly ObjId[] | AllBut;

export function idsOf(list: Objects): readonly ObjId[] {
  return list instanceof AllBut ? list.ids : list;
}

/** Whether every object of the list passes, read without making a list left out of another. */
function all(list: Objects, pass: (x: ObjId) => boolean): boolean {
  if (!(list instanceof AllBut)) return list.every(pass);
  for (const x of list.base) if (x !== list.except && !pass(x)) return false;
  return true;
}

/** A new list of `ids` without `x`. */
function leaveOut(ids: readonly ObjId[], x: ObjId): ObjId[] {
  const i = ids.indexOf(x);
  return i < 0 ? ids.slice() : ids.slice(0, i).concat(ids.slice(i + 1));
}

/**
 * A set of objects, with the lists known to lie wholly inside it. The objects of the lists added are
 * put into the set only once one of them is asked about: a list given again is known as a whole.
 */
export class Cover {
  private readonly set = new Set<ObjId>();
  private readonly lists = new Set<Objects>();
  /** Lists added whose objects are not in the set yet. */
  private loose: Objects[] = [];

  /** The set of objects, with those of every list added. */
  private get objects(): Set<ObjId> {
    if (this.loose.length > 0) {
      for (const list of this.loose) all(list, (x) => !!this.set.add(x));
      this.loose = [];
    }
    return this.set;
  }

  /** Whether the whole list is known to be inside without looking at its objects. */
  private known(list: Objects): boolean {
    return this.lists.has(list) || (list instanceof AllBut && this.lists.has(list.base));
  }

  /** Whether every object of the list is inside. */
  covers(list: Objects): boolean {
    if (this.known(list)) return true;
    const objects = this.objects;
    if (!all(list, (x) => objects.has(x))) return false;
    this.note(list);
    return true;
  }

  /** The objects of the list that are not inside, in order. */
  missing(list: Objects): readonly ObjId[] {
    if (this.known(list)) return [];
    const objects = this.objects;
    const out = list instanceof AllBut ? list.base.filter((x) => x !== list.except && !objects.has(x)) : list.filter((x) => !objects.has(x));
    if (out.length === 0) this.note(list);
    return out;
  }

  add(list: Objects): void {
    if (this.known(list)) return;
    this.loose.push(list);
    this.note(list);
  }

  /** The list is wholly inside. */
  private note(list: Objects): void {
    this.lists.add(list);
    // the list it leaves an object out of is inside too once that object is (or if it never held it)
    if (list instanceof AllBut && (this.objects.has(list.except) || !list.base.includes(list.except))) this.lists.add(list.base);
  }

  /** Takes an object out: lists that held it may no longer be inside. */
  delete(x: ObjId): void {
    if (this.objects.delete(x) && this.lists.size > 0) this.lists.clear();
  }
}
