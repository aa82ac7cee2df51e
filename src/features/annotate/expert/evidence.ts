// The selected span's pitch and energy in words, for the expert deciding on "high pitch",
// "flat pitch", "voice trembling" or "energy" (figures from domain/acoustics/spanStats.ts): one
// message of the page's language per line, its numbers formatted for the locale.
import type { IntlShape } from "react-intl";
import type { SpanAcoustics } from "../../../domain/acoustics/spanStats.ts";
import type { MessageId } from "../../../lib/i18n.tsx";
import { leftToRight } from "./words.ts";

/** A line as a message id and its values, formatted by the page (SpanEvidence). */
export interface EvidenceLine {
  id: MessageId;
  values: Record<string, string>;
}

/** A difference within this of 0 (it rounds to 0.0) is level: neither above nor below. */
const LEVEL = 0.05;

/** One line per figure; the F0 lines say why they are missing when the span is unvoiced. */
export function describeSpanAcoustics(s: SpanAcoustics, intl: IntlShape): EvidenceLine[] {
  // A figure as the locale writes it, with the typographic minus sign (−, not the hyphen), and
  // set apart inside right-to-left text.
  const figure = (text: string) => leftToRight(intl, text.replace("-", "−"));
  const one = (x: number) =>
    figure(intl.formatNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  // A sign on every difference that is not zero ("+4.1", "−3.2").
  const signed = (x: number) =>
    figure(
      intl.formatNumber(x, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }),
    );
  const whole = (x: number) => leftToRight(intl, intl.formatNumber(Math.round(x)));
  const lines: EvidenceLine[] = [];
  if (s.meanF0 === null) {
    lines.push({
      id: s.frames === 0 ? "expert.screen.evidence.tooShort" : "expert.screen.evidence.unvoiced",
      values: {},
    });
  } else {
    const f0 = whole(s.meanF0);
    const median = whole(s.restMedianF0 as number);
    const st = s.semitonesVsRest;
    lines.push(
      st === null
        ? { id: "expert.screen.evidence.f0RestUnvoiced", values: { f0 } }
        : Math.abs(st) < LEVEL
          ? { id: "expert.screen.evidence.f0Level", values: { f0, median } }
          : {
              id: st > 0 ? "expert.screen.evidence.f0Above" : "expert.screen.evidence.f0Below",
              values: { f0, median, semitones: signed(st) },
            },
    );
    if (s.rangeSemitones !== null) {
      const range = one(s.rangeSemitones);
      lines.push(
        s.restRangeSemitones === null
          ? { id: "expert.screen.evidence.rangeAlone", values: { range } }
          : {
              id: "expert.screen.evidence.range",
              values: { range, rest: one(s.restRangeSemitones) },
            },
      );
    }
  }
  if (s.energyDb !== null) {
    const db = one(s.energyDb);
    const diff = s.restEnergyDb === null ? null : s.energyDb - s.restEnergyDb;
    lines.push(
      diff === null
        ? { id: "expert.screen.evidence.energy", values: { db } }
        : Math.abs(diff) < LEVEL
          ? { id: "expert.screen.evidence.energyLevel", values: { db } }
          : { id: "expert.screen.evidence.energyVs", values: { db, diff: signed(diff) } },
    );
  }
  return lines;
}
