// fast-check arbitraries made from the API contract's zod schemas (src/domain/api), for the fuzz
// test: values of each schema's shape (objects with their keys, enums' values, numbers inside
// and just outside their bounds, short arrays), mixed with the strings and values an attacker
// sends (NUL, lone surrogates, control characters, deep nesting, wrong types).
import fc from "fast-check";
import type { z } from "zod";

/** Text an attack tries, beside ordinary text and ids. */
export const nastyText = fc.constantFrom(
  "",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\u0007bell",
  "line\r\nbreak",
  "tab\there",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%00",
  "é".repeat(300),
  "x".repeat(5000),
  "'; DROP TABLE participants; --",
  "<script>alert(1)</script>",
);

/** An id as the server's patterns take it, or text, or nasty text. */
export const textish = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_.:-]{1,16}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,16}$/) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: nastyText },
);

/** Any JSON value (and a few that are not quite: deep nesting). */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyText,
  fc.constantFrom(1e308, -0, 2 ** 53 + 2, 0.5, -1),
  fc.integer({ min: 60, max: 90 }).map((n) => {
    let v: unknown = "deep";
    for (let i = 0; i < n; i++) v = [v];
    return v;
  }),
);

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The bounds a number schema's checks set (z.int().min(1).max(1000) → 1, 1000, integer). */
function numberBounds(def: Def): { min?: number; max?: number; int: boolean } {
  const out: { min?: number; max?: number; int: boolean } = {
    int: def.format === "safeint" || def.format === "int32",
  };
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; value?: number; format?: string };
    if (c.check === "greater_than" && typeof c.value === "number") out.min = c.value;
    if (c.check === "less_than" && typeof c.value === "number") out.max = c.value;
    if (c.check === "number_format" && (c.format === "safeint" || c.format === "int32"))
      out.int = true;
  }
  return out;
}

/** Values of `schema`'s shape, about half of them valid, the rest near misses. */
export function arbitraryOf(schema: z.ZodType | unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return anyJson;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const required = keys.filter((k) => !["optional", "default"].includes(defOf(shape[k]).type));
      const fields = Object.fromEntries(keys.map((k) => [k, arbitraryOf(shape[k], depth + 1)]));
      return fc.record(fields, { requiredKeys: required }).map((r) => {
        // fc.record leaves optional keys out, or sets them; drop those set to undefined.
        for (const k of Object.keys(r)) if (r[k] === undefined) delete r[k];
        return r;
      });
    }
    case "optional":
    case "default":
      return fc.option(arbitraryOf(def.innerType, depth + 1), { nil: undefined });
    case "nullable":
      return fc.option(arbitraryOf(def.innerType, depth + 1), { nil: null });
    case "number": {
      const { min, max, int } = numberBounds(def);
      const lo = min ?? -1_000;
      const hi = max ?? 100_000;
      const inside = int
        ? fc.integer({ min: lo, max: Math.min(hi, lo + 2_000) })
        : fc.double({ min: lo, max: hi, noNaN: true });
      // Small values near the bottom are the ones that name real things (positions, rounds).
      const low = fc.integer({
        min: Math.ceil(lo),
        max: Math.max(Math.ceil(lo), Math.min(hi, lo + 3)),
      });
      return fc.oneof(
        { weight: 3, arbitrary: low },
        { weight: 3, arbitrary: inside },
        { weight: 1, arbitrary: fc.constantFrom(lo - 1, hi + 1, lo + 0.5, 1e308, -0) },
      );
    }
    case "string":
      return textish;
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...Object.values(def.entries as object)) },
        { weight: 1, arbitrary: textish },
      );
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "array":
      return fc.array(arbitraryOf(def.element, depth + 1), { maxLength: 5 });
    case "record":
      return fc.dictionary(
        fc.oneof(textish, fc.constantFrom("ageBand", "headphones", "__proto__")),
        arbitraryOf(def.valueType, depth + 1),
        { maxKeys: 4 },
      );
    case "pipe": {
      // A preprocess (its `in` a transform) takes what its `out` takes.
      const inner = defOf(def.in).type === "transform" ? def.out : def.in;
      return arbitraryOf(inner, depth + 1);
    }
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((o) => arbitraryOf(o, depth + 1)));
    default:
      return anyJson;
  }
}

/** A request body of `schema`: its shape mostly, sometimes with one field made hostile, sometimes anything. */
export function bodyOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const good = arbitraryOf(schema);
  return fc.oneof(
    { weight: 6, arbitrary: good },
    {
      weight: 2,
      arbitrary: fc
        .tuple(good, textish, anyJson)
        .map(([body, key, value]) =>
          typeof body === "object" && body !== null && !Array.isArray(body)
            ? { ...(body as object), [key]: value }
            : body,
        ),
    },
    { weight: 1, arbitrary: anyJson },
  );
}
