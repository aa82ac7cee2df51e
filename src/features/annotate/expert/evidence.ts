// The selected span's pitch and energy in words, for the expert deciding on "high pitch",
// "flat pitch", "voice trembling" or "energy" (figures from domain/acoustics/spanStats.ts).
import type { SpanAcoustics } from "../../../domain/acoustics/spanStats.ts";

const signed = (x: number, digits: number) => {
  const text = Math.abs(x).toFixed(digits);
  if (Number(text) === 0) return `±${text}`;
  return `${x < 0 ? "−" : "+"}${text}`;
};

/** One line per figure; the F0 lines say why they are missing when the span is unvoiced. */
export function describeSpanAcoustics(s: SpanAcoustics): string[] {
  const lines: string[] = [];
  if (s.meanF0 === null) {
    lines.push(
      s.frames === 0 ? "Too short for a pitch frame" : "No voiced frames: no pitch in this span",
    );
  } else {
    const median = `(median ${Math.round(s.restMedianF0 as number)} Hz)`;
    const vsRest =
      s.semitonesVsRest === null
        ? "the rest of the clip has no voiced frames"
        : Math.abs(s.semitonesVsRest) < 0.05
          ? // Rounds to 0.0: neither above nor below.
            `level with the rest of the clip ${median}`
          : `${signed(s.semitonesVsRest, 1)} semitones ${s.semitonesVsRest > 0 ? "above" : "below"} the rest of the clip ${median}`;
    lines.push(`F0 ${Math.round(s.meanF0)} Hz, ${vsRest}`);
    if (s.rangeSemitones !== null) {
      const rest =
        s.restRangeSemitones === null
          ? ""
          : ` (rest of the clip ${s.restRangeSemitones.toFixed(1)})`;
      lines.push(`F0 range ${s.rangeSemitones.toFixed(1)} semitones${rest}`);
    }
  }
  if (s.energyDb !== null) {
    const diff = s.restEnergyDb === null ? null : s.energyDb - s.restEnergyDb;
    const vs =
      diff === null
        ? ""
        : Math.abs(diff) < 0.05
          ? ", level with the rest"
          : `, ${signed(diff, 1)} dB against the rest`;
    lines.push(`Energy ${signed(s.energyDb, 1).replace("+", "")} dB${vs}`);
  }
  return lines;
}
