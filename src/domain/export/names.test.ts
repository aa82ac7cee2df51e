import { expect, test } from "vitest";
import { clipFileStems, safeFileName, stripExtension } from "./names.ts";

test("file stems: extension stripped, unsafe characters replaced, clashes get the id", () => {
  expect(stripExtension("a/b.x.wav")).toBe("b.x");
  expect(stripExtension(".hidden")).toBe(".hidden");
  expect(safeFileName('a:b*"c"')).toBe("a_b__c_");
  expect(safeFileName("..")).toBe("_");
  expect(safeFileName("")).toBe("_");
  const stems = clipFileStems([
    { id: "c1", name: "Take.wav", duration: 1 },
    { id: "c2", name: "take.flac", duration: 1 },
    { id: "c3", name: "other.wav", duration: 1 },
  ]);
  expect([...stems.entries()]).toEqual([
    ["c1", "Take-c1"],
    ["c2", "take-c2"],
    ["c3", "other"],
  ]);
});
