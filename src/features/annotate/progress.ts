// Which clip to open next.

/**
 * The index of the first clip after `from` (wrapping around to the start) that is not in
 * `finished`, or -1 when every clip is finished. `from = -1` searches from the first clip.
 */
export function nextUnfinished(
  clipIds: readonly string[],
  finished: ReadonlySet<string>,
  from: number,
): number {
  const n = clipIds.length;
  for (let step = 1; step <= n; step++) {
    const i = (((from + step) % n) + n) % n;
    const id = clipIds[i];
    if (id !== undefined && !finished.has(id)) return i;
  }
  return -1;
}
