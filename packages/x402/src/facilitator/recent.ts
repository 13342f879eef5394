/**
 * One read shared by every caller asking for the same key within `ttlMs` of it (and by those asking while
 * it is in flight). A failed read is not kept.
 */
export function recentReads<V>(read: (key: string) => Promise<V>, ttlMs: number) {
  const kept = new Map<string, { value: Promise<V>; until: number }>();
  return (key: string): Promise<V> => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.until > now) return hit.value;
    if (kept.size > 1000) for (const [k, e] of kept) if (e.until <= now) kept.delete(k);
    const value = read(key);
    // Until it answers the entry stays; it expires ttlMs after the read was asked for.
    kept.set(key, { value, until: now + ttlMs });
    value.catch(() => kept.delete(key));
    return value;
  };
}
