/**
 * The value under `outer` then `inner` of a map of maps (records by collection, then scope), made
 * by `make` the first time it is asked for. `make` is a function the caller builds once, so a
 * lookup on the hot path allocates nothing.
 */
export function getOrMake<A, B, V>(map: Map<A, Map<B, V>>, outer: A, inner: B, make: () => V): V {
  let byInner = map.get(outer);
  if (!byInner) {
    byInner = new Map();
    map.set(outer, byInner);
  }
  let value = byInner.get(inner);
  if (value === undefined) {
    value = make();
    byInner.set(inner, value);
  }
  return value;
}
