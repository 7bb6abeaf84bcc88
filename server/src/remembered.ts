import { LRUCache } from 'lru-cache';

/**
 * `compute`, keeping the answers for the last `max` keys it was asked: for a hash of something a
 * client sends with every request (a session token, a cookie) or a store needs at every save, made
 * anew each time otherwise (a SHA-256 costs 2–15 µs on Node 20). Keys longer than `maxKeyLength`
 * are computed and not kept, so a client sending long values cannot fill the memory.
 */
export function remembered<V extends NonNullable<unknown>>(
  compute: (key: string) => V,
  max: number,
  maxKeyLength = 200,
): (key: string) => V {
  const kept = new LRUCache<string, V>({ max });
  return (key) => {
    if (key.length > maxKeyLength) return compute(key);
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      kept.set(key, value);
    }
    return value;
  };
}
