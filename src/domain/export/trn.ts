// Transcripts for NIST sclite: per system, a reference and a hypothesis file in sclite's "trn"
// format (one utterance a line: its tokens, then its id in parentheses), normalised as the
// statistics spec normalises them, so `sclite -r ref.trn trn -h hyp.trn trn -i spu_id` scores
// what the report scores. Utterance ids are `<annotator>_<clip>`: with `-i spu_id` sclite takes
// the part before the first underscore as the speaker, so its per-speaker table is per listener.

import { safeFileName } from "../formats/names.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { NO_SYSTEM } from "../stats/errorTypes.ts";
import { transcriptionSettings } from "../stats/intelligibility.ts";
import { tokensOf } from "../transcripts/normalise.ts";

/** An id part sclite reads as one piece: no spaces, parentheses or underscores. */
function idPart(id: string): string {
  return id.replace(/[^\p{L}\p{N}.-]+/gu, "-") || "-";
}

/**
 * `<system>/ref.trn` and `<system>/hyp.trn` for the listeners' transcripts of each system, and
 * `asr-<recogniser>/<system>/ref.trn` and `…/hyp.trn` for each recogniser's; only transcripts
 * whose clip has a text with tokens (those the report scores). Tokens are joined by one space
 * (characters too, with the character unit, so sclite counts characters).
 */
export function trnFiles(file: AnnotationFile): Record<string, string> {
  const { unit } = transcriptionSettings(file);
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const clipOrder = new Map(file.clips.map((c, i) => [c.id, i]));
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  const refs = new Map<string, string[]>();
  const submissions = file.submissions
    .filter((s) => typeof s.transcript === "string")
    .sort(
      (a, b) =>
        (clipOrder.get(a.clipId) ?? 0) - (clipOrder.get(b.clipId) ?? 0) ||
        (a.annotatorId < b.annotatorId ? -1 : a.annotatorId > b.annotatorId ? 1 : 0),
    );
  const out = new Map<string, { ref: string[]; hyp: string[]; ids: Set<string> }>();
  for (const s of submissions) {
    const clip = clips.get(s.clipId);
    if (!clip || clip.text === undefined) continue;
    let ref = refs.get(clip.id);
    if (ref === undefined) {
      ref = tokensOf(clip.text, unit);
      refs.set(clip.id, ref);
    }
    if (ref.length === 0) continue;
    const system = safeFileName(clip.system ?? NO_SYSTEM);
    const folder =
      roles.get(s.annotatorId) === "asr" ? `asr-${safeFileName(s.annotatorId)}/${system}` : system;
    let files = out.get(folder);
    if (!files) {
      files = { ref: [], hyp: [], ids: new Set() };
      out.set(folder, files);
    }
    const base = `${idPart(s.annotatorId).replace(/_/g, "-")}_${idPart(clip.id)}`;
    let id = base;
    for (let n = 2; files.ids.has(id); n++) id = `${base}-${n}`;
    files.ids.add(id);
    files.ref.push(`${ref.join(" ")} (${id})`);
    files.hyp.push(`${tokensOf(s.transcript as string, unit).join(" ")} (${id})`.trimStart());
  }
  const result: Record<string, string> = {};
  for (const [folder, f] of [...out].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    result[`${folder}/ref.trn`] = `${f.ref.join("\n")}\n`;
    result[`${folder}/hyp.trn`] = `${f.hyp.join("\n")}\n`;
  }
  return result;
}
