// Lists of objects met again and again while one layer is applied: every copy of an effect gives
// its list of affected objects, often the very same list, or the same one with the copy's own source
// left out ("each other ..."). Asking whether such a list is wholly among the objects something was
// already applied to is then answered for the list as a whole, without going through its objects.

import type { ObjId } from '../state/state.js';

/** A list made from another by leaving one object out, or a plain copy of it (`except` undefined). */
const madeFrom = new WeakMap<readonly ObjId[], { base: readonly ObjId[]; except: ObjId | undefined }>();

/** A new list of `ids` without `x`, remembered as made from `ids`. */
export function leaveOut(ids: readonly ObjId[], x: ObjId): ObjId[] {
  const i = ids.indexOf(x);
  const out = i < 0 ? ids.slice() : ids.slice(0, i).concat(ids.slice(i + 1));
  madeFrom.set(out, { base: ids, except: i < 0 ? undefined : x });
  return out;
}

/** A set of objects, with the lists known to lie wholly inside it. */
export class Cover {
  private readonly objects = new Set<ObjId>();
  private readonly lists = new Set<readonly ObjId[]>();

  /** Whether the whole list is known to be inside without looking at its objects. */
  private known(list: readonly ObjId[]): boolean {
    if (this.lists.has(list)) return true;
    const from = madeFrom.get(list);
    return !!from && this.lists.has(from.base);
  }

  /** Whether every object of the list is inside. */
  covers(list: readonly ObjId[]): boolean {
    if (this.known(list)) return true;
    if (!list.every((x) => this.objects.has(x))) return false;
    this.note(list);
    return true;
  }

  /** The objects of the list that are not inside, in order. */
  missing(list: readonly ObjId[]): readonly ObjId[] {
    if (this.known(list)) return [];
    const out = list.filter((x) => !this.objects.has(x));
    if (out.length === 0) this.note(list);
    return out;
  }

  add(list: readonly ObjId[]): void {
    if (this.known(list)) return;
    for (const x of list) this.objects.add(x);
    this.note(list);
  }

  /** The list is wholly inside. */
  private note(list: readonly ObjId[]): void {
    this.lists.add(list);
    const from = madeFrom.get(list);
    // the list it was made from is inside too once the object left out is
    if (from && (from.except === undefined || this.objects.has(from.except))) this.lists.add(from.base);
  }

  /** Takes an object out: lists that held it may no longer be inside. */
  delete(x: ObjId): void {
    if (this.objects.delete(x) && this.lists.size > 0) this.lists.clear();
  }
}
