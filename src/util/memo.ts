// Answers kept per object: for a function of an object that is never changed once made (a card's
// ability, for one), each object's answer is worked out once and kept as long as the object lives.

/** `f`, with each object's answer kept (in a WeakMap: an object no longer used takes its answer with it). */
export function keptPer<K extends object, V>(f: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    const v = f(key);
    kept.set(key, v);
    return v;
  };
}
