// Reading older versions of the interchange format: a version-keyed chain of steps, run on the
// raw JSON before it is validated, so the schema only ever checks the current version.
//
// Today only version 1 exists and the chain is empty. When version 2 comes:
//   1. bump VERSION in schema.ts and change the schema to version 2's shape;
//   2. add the step here: `[1, (file) => ({ ...file, version: 2, …what changed… })]`, a pure
//      function of a version-1 file (raw JSON, already known to be an object);
//   3. add a test beside this file that runs the step on a real version-1 file and parses
//      the result, as migrate.test.ts shows with a made-up step.
// A file of a version with no step from it (older than the first release, or newer than this
// reader) is left as it is, and the reader then says "unsupported version N".

/** Turns a file of version `from` (the key) into one of version `from + 1`. */
export type MigrationStep = (file: Record<string, unknown>) => Record<string, unknown>;

/** The steps of the real format, by the version they start from. */
export const MIGRATIONS: ReadonlyMap<number, MigrationStep> = new Map();

/**
 * `file` brought up to `current` by running the steps from its version on, in order. Stops
 * (returning what it has) at a version with no step: the caller's version check reports it.
 * The input is not modified.
 */
export function migrate(
  file: Record<string, unknown>,
  current: number,
  steps: ReadonlyMap<number, MigrationStep> = MIGRATIONS,
): Record<string, unknown> {
  let out = file;
  for (;;) {
    const version = out.version;
    if (typeof version !== "number" || !Number.isInteger(version) || version >= current) {
      return out;
    }
    const step = steps.get(version);
    if (!step) return out;
    const next = step(out);
    if (next.version !== version + 1) {
      throw new Error(
        `the step from interchange version ${version} gave version ${String(next.version)}, not ${version + 1}`,
      );
    }
    out = next;
  }
}
