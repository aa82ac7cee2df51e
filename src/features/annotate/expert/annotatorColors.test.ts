import { expect, test } from "vitest";
import { SPAN_PALETTE } from "../../../audio/colors.ts";
import { assignAnnotatorColors } from "./annotatorColors.ts";

test("a small study gives each annotator one colour on every clip, by sorted id", () => {
  const study = ["w2", "w1", "w3"];
  const onClipA = assignAnnotatorColors(study, ["w3", "w1"]);
  const onClipB = assignAnnotatorColors(study, ["w3"]);
  expect(onClipA.get("w1")).toBe(SPAN_PALETTE[0]);
  expect(onClipA.get("w3")).toBe(SPAN_PALETTE[2]);
  expect(onClipB.get("w3")).toBe(SPAN_PALETTE[2]);
});

test("a study with more annotators than colours still keeps a clip's colours distinct", () => {
  const study = Array.from({ length: 12 }, (_, i) => `w${String(i).padStart(2, "0")}`);
  const clip = ["w00", "w08", "w11"]; // positions 0, 8 and 11 would wrap onto 0, 0 and 3
  const colors = assignAnnotatorColors(study, clip);
  expect(new Set(clip.map((id) => colors.get(id))).size).toBe(3);
  expect(colors.get("w00")).toBe(SPAN_PALETTE[0]);
  expect(colors.get("w08")).toBe(SPAN_PALETTE[1]);
  expect(colors.get("w11")).toBe(SPAN_PALETTE[2]);
});
