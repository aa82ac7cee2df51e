import { expect, test } from "vitest";
import type { SpanAcoustics } from "../../../domain/acoustics/spanStats.ts";
import { englishIntl } from "../../../lib/i18n.tsx";
import { describeSpanAcoustics as describe } from "./evidence.ts";

/** The lines as the English page reads them. */
const describeSpanAcoustics = (s: SpanAcoustics, intl = englishIntl) =>
  describe(s, intl).map((line) => intl.formatMessage({ id: line.id }, line.values));

const base: SpanAcoustics = {
  frames: 30,
  voicedFrames: 25,
  meanF0: 182.4,
  restMedianF0: 144.2,
  semitonesVsRest: 12 * Math.log2(182.4 / 144.2), // 4.07
  rangeSemitones: 2.34,
  restRangeSemitones: 7.91,
  energyDb: -18.24,
  restEnergyDb: -21.26,
};

test("a high span: semitones above the rest, its range, its energy", () => {
  expect(describeSpanAcoustics(base)).toEqual([
    "F0 182 Hz, +4.1 semitones above the rest of the clip (median 144 Hz)",
    "F0 range 2.3 semitones (rest of the clip 7.9)",
    "Energy −18.2 dB, +3.0 dB against the rest",
  ]);
});

test("a low span says below, with a minus sign", () => {
  const low = { ...base, meanF0: 120, semitonesVsRest: 12 * Math.log2(120 / 144.2) };
  expect(describeSpanAcoustics(low)[0]).toBe(
    "F0 120 Hz, −3.2 semitones below the rest of the clip (median 144 Hz)",
  );
});

test("a span within 0.05 semitones (or dB) of the rest is level with it, neither above nor below", () => {
  for (const st of [0, 0.049, -0.049, -0.0001]) {
    expect(describeSpanAcoustics({ ...base, semitonesVsRest: st })[0]).toBe(
      "F0 182 Hz, level with the rest of the clip (median 144 Hz)",
    );
  }
  expect(describeSpanAcoustics({ ...base, restEnergyDb: -18.26 })[2]).toBe(
    "Energy −18.2 dB, level with the rest",
  );
  expect(describeSpanAcoustics({ ...base, semitonesVsRest: -0.05 })[0]).toBe(
    "F0 182 Hz, −0.1 semitones below the rest of the clip (median 144 Hz)",
  );
});

test("an unvoiced span, and one shorter than a frame", () => {
  const unvoiced = {
    ...base,
    voicedFrames: 0,
    meanF0: null,
    semitonesVsRest: null,
    rangeSemitones: null,
  };
  expect(describeSpanAcoustics(unvoiced)).toEqual([
    "No voiced frames: no pitch in this span",
    "Energy −18.2 dB, +3.0 dB against the rest",
  ]);
  expect(
    describeSpanAcoustics({ ...unvoiced, frames: 0, energyDb: null, restEnergyDb: null }),
  ).toEqual(["Too short for a pitch frame"]);
});

test("in German and Vietnamese: the language's sentences, decimal commas", async () => {
  const { createIntl } = await import("react-intl");
  const { ENGLISH } = await import("../../../domain/i18n/catalogue.ts");
  const de = (await import("../../../domain/i18n/messages/de.json")).default;
  const vi = (await import("../../../domain/i18n/messages/vi.json")).default;
  const german = createIntl({ locale: "de", messages: { ...ENGLISH, ...de } });
  expect(describeSpanAcoustics(base, german)).toEqual([
    "F0 182 Hz, +4,1 Halbtöne über dem Rest des Clips (Median 144 Hz)",
    "F0-Umfang 2,3 Halbtöne (Rest des Clips 7,9)",
    "Energie −18,2 dB, +3,0 dB gegenüber dem Rest",
  ]);
  const vietnamese = createIntl({ locale: "vi", messages: { ...ENGLISH, ...vi } });
  const low = { ...base, meanF0: 120, semitonesVsRest: 12 * Math.log2(120 / 144.2) };
  expect(describeSpanAcoustics(low, vietnamese)[0]).toBe(
    "F0 120 Hz, thấp hơn phần còn lại của đoạn −3,2 nửa cung (trung vị 144 Hz)",
  );
});
