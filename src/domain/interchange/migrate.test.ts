// The chain of version steps, with made-up versions: the real format has only version 1, so
// the steps here stand in for the next one to show the chain runs, in order, before parsing.
import { expect, test } from "vitest";
import { MIGRATIONS, type MigrationStep, migrate } from "./migrate.ts";
import { parseAnnotationFile } from "./schema.ts";

/** A version-0 file as it might have looked: `sounds` for clips, lengths in milliseconds. */
function versionZero(): Record<string, unknown> {
  return {
    format: "redpen-annotations",
    version: 0,
    study: { id: "s", name: "S" },
    taxonomy: [{ id: "silence", label: "Silence" }],
    sounds: [{ id: "c1", name: "c1.wav", durationMs: 2500 }],
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

const zeroToOne: MigrationStep = (file) => {
  const { sounds, ...rest } = file;
  return {
    ...rest,
    version: 1,
    clips: (sounds as { id: string; name: string; durationMs: number }[]).map((s) => ({
      id: s.id,
      name: s.name,
      duration: s.durationMs / 1000,
    })),
  };
};

test("the real chain is empty: version 1 is the first", () => {
  expect(MIGRATIONS.size).toBe(0);
});

test("a registered step runs before the file is validated", () => {
  const result = parseAnnotationFile(versionZero(), new Map([[0, zeroToOne]]));
  expect(result.ok).toBe(true);
  if (result.ok) expect(result.file.clips).toEqual([{ id: "c1", name: "c1.wav", duration: 2.5 }]);
});

test("steps run in order, each from the version the last one gave", () => {
  const order: string[] = [];
  const steps = new Map<number, MigrationStep>([
    [
      -1,
      (f) => {
        order.push("-1→0");
        return { ...f, version: 0 };
      },
    ],
    [
      0,
      (f) => {
        order.push("0→1");
        return zeroToOne(f);
      },
    ],
  ]);
  const out = migrate({ ...versionZero(), version: -1 }, 1, steps);
  expect(order).toEqual(["-1→0", "0→1"]);
  expect(out.version).toBe(1);
});

test("without a step the version check answers as before; newer versions are untouched", () => {
  expect(parseAnnotationFile(versionZero())).toMatchObject({
    ok: false,
    errors: [
      { path: "version", message: "unsupported version 0 (this reader understands version 1)" },
    ],
  });
  const two = { ...versionZero(), version: 2 };
  expect(migrate(two, 1, new Map([[0, zeroToOne]]))).toBe(two);
  expect(parseAnnotationFile(two, new Map([[0, zeroToOne]]))).toMatchObject({
    ok: false,
    errors: [
      { path: "version", message: "unsupported version 2 (this reader understands version 1)" },
    ],
  });
});

test("a step that does not give the next version is a bug, said plainly", () => {
  expect(() => migrate(versionZero(), 1, new Map([[0, (f) => ({ ...f, version: 3 })]]))).toThrow(
    "the step from interchange version 0 gave version 3, not 1",
  );
});
