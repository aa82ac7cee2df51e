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

test("bidi controls are removed, control characters replaced, trailing dots and spaces too", () => {
  expect(safeFileName("a\u202egnp.exe")).toBe("agnp.exe");
  expect(safeFileName("\u2066x\u2069\u200e\u200f\u061cy")).toBe("xy");
  expect(safeFileName("a\u0085b\u009fc")).toBe("a_b_c");
  expect(safeFileName("take. ")).toBe("take_");
  expect(safeFileName("take...")).toBe("take_");
});

test("names Windows reserves for devices get a _ in front, alone or before an extension", () => {
  for (const name of ["CON", "con", "PRN", "aux", "NUL", "COM1", "com9", "LPT1", "lpt9"]) {
    expect(safeFileName(name)).toBe(`_${name}`);
  }
  expect(safeFileName("nul.txt")).toBe("_nul.txt");
  expect(safeFileName("con.tar.gz")).toBe("_con.tar.gz");
  // Not reserved: longer words, COM0, LPT10.
  expect(safeFileName("console")).toBe("console");
  expect(safeFileName("COM0")).toBe("COM0");
  expect(safeFileName("LPT10")).toBe("LPT10");
});

test("a name over 200 UTF-8 bytes is cut on a character boundary with a stable fingerprint", () => {
  const long = "日".repeat(100); // 300 bytes
  const a = safeFileName(long);
  const bytes = new TextEncoder().encode(a).length;
  expect(bytes).toBeLessThanOrEqual(200);
  // 192 bytes of text = 64 whole characters, then "~" and 7 characters of fingerprint.
  expect(a.startsWith("日".repeat(64))).toBe(true);
  expect(a).toMatch(/^日{64}~[0-9a-z]{7}$/);
  expect(safeFileName(long)).toBe(a);
  // Two long names that differ only after the cut still differ.
  const b = safeFileName(`${"日".repeat(99)}本`);
  expect(b).not.toBe(a);
  expect(b.slice(0, 64)).toBe(a.slice(0, 64));
  // With the longest extension we add, the entry name still fits in 255 bytes.
  expect(new TextEncoder().encode(`${a}.TextGrid`).length).toBeLessThanOrEqual(255);
  expect(safeFileName("x".repeat(200))).toBe("x".repeat(200));
  expect(safeFileName("x".repeat(201))).toMatch(/^x{192}~[0-9a-z]{7}$/);
});

test("two clips with the same long name stay apart, and within the byte limit", () => {
  const name = `${"a".repeat(300)}.wav`;
  const stems = clipFileStems([
    { id: "c1", name, duration: 1 },
    { id: "c2", name, duration: 1 },
  ]);
  const [s1, s2] = [stems.get("c1") ?? "", stems.get("c2") ?? ""];
  expect(s1).not.toBe(s2);
  expect(s1.length).toBeLessThanOrEqual(200);
  expect(s2.length).toBeLessThanOrEqual(200);
});
