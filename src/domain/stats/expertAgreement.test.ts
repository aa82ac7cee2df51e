import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { expertAgreement } from "./expertAgreement.ts";

const file = (reasonLabels: AnnotationFile["reasonLabels"]): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "s", name: "S", binSeconds: 0.1 },
  taxonomy: [
    { id: "silence", label: "Silence" },
    { id: "pitch", label: "High pitch" },
    { id: "noise", label: "Background noise" },
  ],
  clips: [{ id: "c", name: "c.wav", duration: 5 }],
  annotators: [
    { id: "w", role: "crowd" },
    { id: "e1", role: "expert" },
    { id: "e2", role: "expert" },
    { id: "e3", role: "expert" },
  ],
  submissions: [],
  regions: [1, 2, 3, 4].map((n) => ({
    id: `r${n}`,
    clipId: "c",
    annotatorId: "w",
    start: n - 1,
    end: n - 0.5,
  })),
  reasonLabels,
});

test("two experts on four spans: kappa per reason and over every (span, reason) cell", () => {
  const result = expertAgreement(
    file([
      { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r2", annotatorId: "e1", reasons: ["silence", "pitch"] },
      { regionId: "r3", annotatorId: "e1", reasons: ["pitch"] },
      { regionId: "r4", annotatorId: "e1", reasons: ["noise"] },
      { regionId: "r1", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r2", annotatorId: "e2", reasons: ["pitch"] },
      { regionId: "r3", annotatorId: "e2", reasons: ["pitch"] },
      { regionId: "r4", annotatorId: "e2", reasons: ["noise"] },
    ]),
  );
  expect(result.pairs).toHaveLength(1);
  const pair = result.pairs[0];
  expect(pair).toMatchObject({ a: "e1", b: "e2", spans: 4 });
  // silence: e1 = 1100, e2 = 1000: n11 1, n10 1, n00 2. po = 3/4, pa = 1/2, pb = 1/4,
  // pe = 1/8 + 3/8 = 1/2, kappa = (3/4 − 1/2)/(1/2) = 0.5.
  expect(pair?.byReason.silence).toBeCloseTo(0.5, 12);
  // pitch: 0110 vs 0110: kappa 1. noise: 0001 vs 0001: kappa 1.
  expect(pair?.byReason.pitch).toBe(1);
  expect(pair?.byReason.noise).toBe(1);
  // Overall, 12 cells: n11 = 4, n10 = 1, n01 = 0, n00 = 7. po = 11/12, pa = 5/12, pb = 4/12,
  // pe = 20/144 + 56/144 = 76/144, kappa = (132/144 − 76/144)/(68/144) = 56/68.
  expect(pair?.overall).toBeCloseTo(56 / 68, 12);
  expect(result.overall).toBeCloseTo(56 / 68, 12);
  expect(result.byReason).toEqual({ silence: 0.5, pitch: 1, noise: 1 });
});

test("three experts: only pairs sharing spans; means over the defined kappas", () => {
  const result = expertAgreement(
    file([
      { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r2", annotatorId: "e1", reasons: ["pitch"] },
      { regionId: "r1", annotatorId: "e2", reasons: ["pitch"] },
      { regionId: "r2", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r4", annotatorId: "e3", reasons: ["noise"] },
    ]),
  );
  // e3 shares no span with e1 or e2: one pair.
  expect(result.pairs.map((p) => `${p.a}-${p.b}`)).toEqual(["e1-e2"]);
  const pair = result.pairs[0];
  // silence: 10 vs 01: po = 0, pa = pb = 1/2, pe = 1/2, kappa = −1; the same for pitch.
  expect(pair?.byReason.silence).toBe(-1);
  expect(pair?.byReason.pitch).toBe(-1);
  // noise: neither chose it on either span: pe = 1, undefined.
  expect(pair?.byReason.noise).toBeNull();
  expect(result.byReason.noise).toBeNull();
});

test("no two labellers on one span: no pairs, nulls", () => {
  expect(
    expertAgreement(file([{ regionId: "r1", annotatorId: "e1", reasons: ["silence"] }])),
  ).toEqual({ pairs: [], overall: null, byReason: { silence: null, pitch: null, noise: null } });
});
