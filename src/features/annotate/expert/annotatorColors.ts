// Which colour each crowd annotator's spans get on the expert screen. Colours come from the
// shared span palette (src/audio/colors.ts), handed out by position rather than by hash so no
// two annotators on a clip share one: by position in the whole study while the study has no
// more annotators than the palette has colours (a person keeps one colour on every clip),
// otherwise by position among the annotators of the clip at hand.
import { paletteColor, SPAN_PALETTE } from "../../../audio/colors.ts";

export function assignAnnotatorColors(
  studyAnnotatorIds: readonly string[],
  clipAnnotatorIds: readonly string[],
): Map<string, string> {
  const study = [...new Set(studyAnnotatorIds)].sort();
  const clip = [...new Set(clipAnnotatorIds)].sort();
  const ids =
    study.length <= SPAN_PALETTE.length && clip.every((id) => study.includes(id)) ? study : clip;
  return new Map(ids.map((id, i) => [id, paletteColor(i)]));
}
