// Input checks shared by the repository functions. Each throws an Error whose message names
// the value that is wrong, so it reads well inside "Could not save region: …".

export function requireId(what: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new Error(`${what} must be a non-empty string (got ${JSON.stringify(value)})`);
  }
  return value;
}

export function requireFinite(what: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`${what} must be a finite number (got ${String(value)})`);
  }
  return value;
}

export function requirePositive(what: string, value: unknown): number {
  const n = requireFinite(what, value);
  if (n <= 0) throw new Error(`${what} must be greater than 0 (got ${n})`);
  return n;
}

export function requireNonNegative(what: string, value: unknown): number {
  const n = requireFinite(what, value);
  if (n < 0) throw new Error(`${what} must be 0 or more (got ${n})`);
  return n;
}

/** Checks `0 <= start < end`, both finite (the rule lives in domain/study/spans.ts). */
export { checkSpan as requireSpan } from "../domain/study/spans.ts";
