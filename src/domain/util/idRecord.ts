// Objects keyed by ids. An id is any string, "__proto__", "constructor" and "toString" included:
// on a plain `{}` those read Object.prototype's members, and assigning "__proto__" replaces the
// prototype instead of adding a key. Lookups use Map; where a plain object must come out (the
// report's `bySystem`, `perSample`), it is built without a prototype, so every id is an own key
// and `JSON.stringify` writes it. Objects that come back from JSON, IndexedDB or postMessage have
// a prototype again: read them with `ownValue`.

/** An empty object without a prototype, safe to key by any id. */
export function idRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record[key]` when it is the record's own property, else undefined (never a prototype member). */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
