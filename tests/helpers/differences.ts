// Deep comparison for golden reports: every difference listed by path, numbers to 1e-9
// (absolute, or relative above 1), nulls and key order exact. Shared by the statistics golden
// test and the command line's golden test.

/** Every difference between actual and expected, numbers to 1e-9 (absolute, or relative above 1). */
export function differences(actual: unknown, expected: unknown, path: string, out: string[]): void {
  if (typeof expected === "number") {
    if (
      typeof actual !== "number" ||
      !(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)))
    ) {
      out.push(`${path}: got ${JSON.stringify(actual)}, expected ${expected}`);
    }
    return;
  }
  if (expected === null || typeof expected !== "object") {
    if (actual !== expected)
      out.push(`${path}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    return;
  }
  if (
    actual === null ||
    typeof actual !== "object" ||
    Array.isArray(actual) !== Array.isArray(expected)
  ) {
    out.push(`${path}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    return;
  }
  const actualKeys = Object.keys(actual);
  const expectedKeys = Object.keys(expected);
  if (Array.isArray(expected) && actualKeys.length !== expectedKeys.length) {
    out.push(`${path}: length ${actualKeys.length}, expected ${expectedKeys.length}`);
  }
  // Same keys in the same order: pairs, annotators and systems are ordered by the spec.
  if (actualKeys.join("\u0000") !== expectedKeys.join("\u0000")) {
    out.push(`${path}: keys [${actualKeys.join(", ")}], expected [${expectedKeys.join(", ")}]`);
  }
  for (const key of expectedKeys) {
    differences(
      (actual as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      `${path}.${key}`,
      out,
    );
  }
}
