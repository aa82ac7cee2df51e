import fc from "fast-check";
import { expect, test } from "vitest";
import { sortAscending } from "./sortFew.ts";

test("property: sortAscending sorts a run of distinct ids in place, by insertion or by the typed sort", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 300 }),
      fc.nat(3),
      (ids, from) => {
        // The run sits after `from` untouched places and before one more.
        const values = new Int32Array(from + ids.length + 1).fill(-7);
        values.set(ids, from);
        sortAscending(values, ids.length, from);
        const expected = [...ids].sort((x, y) => x - y);
        expect([...values.subarray(from, from + ids.length)]).toEqual(expected);
        expect([...values.subarray(0, from), values[from + ids.length]]).toEqual(
          new Array(from + 1).fill(-7),
        );
      },
    ),
    { numRuns: 300 },
  );
});
