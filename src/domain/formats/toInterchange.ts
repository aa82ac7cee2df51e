// Annotations from another tool (foreign.ts) as spans of a stored study, in the interchange
// format, so they go through the same preview and one-transaction merge as any import:
// - clip: matched by file name, ignoring case and extensions ("s01_espeak.TextGrid" and
//   "s01_espeak.short.TextGrid" both name clip "s01_espeak.wav"), else by clip id; a document
//   naming no clip of the study is refused, naming the file it looked for (all of them at once
//   for a file of many recordings, as a Label Studio export);
// - annotator: one per tier; an id the study already has keeps its role, a new one is crowd;
// - span: a labelled stretch, its times put on the microsecond grid (one shorter than a
//   microsecond is refused) and fitted to the clip by the span rules (domain/study/spans.ts): an end
//   past the clip is cut to it (said once per file), a span starting at or after the clip's end
//   is left out (said too); a span the study already has (same clip, annotator and times to the
//   microsecond) keeps its stored id, so importing a file twice changes nothing;
// - reasons: a label whose every part (split at "+", "," or ";") is a taxonomy id or label
//   (any case) gives those reasons, labelled by who the part names in parentheses (our
//   TextGrids: "silence (e1)"; a new labeller is an expert), else by the tier's annotator;
//   "unlabelled" (our exports' mark), an empty label (Audacity, ELAN) and any other text leave the
//   span without reasons (other texts are said, once each);
// - a submission (without a rating) for each tier on a clip that has none for that annotator,
//   so a tier with no span still says "heard nothing wrong".

import { spanFit } from "../interchange/spanFit.ts";
import type { AnnotationFile, ReasonLabel, Region, Submission } from "../interchange/types.ts";
import { checkSpan, secondsFromUs, us } from "../study/spans.ts";
import { type ForeignDocument, FormatError, nameStem } from "./foreign.ts";

/** The mark our TextGrid and Audacity exports give a span without reasons. */
const UNLABELLED = "unlabelled";

/** One reason a label names, and who gave it when the label says ("silence (e1)"). */
export interface GivenReason {
  reason: string;
  by?: string;
}

/** The label's parts: split at "+", "," or ";" outside parentheses. */
function labelParts(label: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of label) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "+" || ch === "," || ch === ";")) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/**
 * The reasons a label names, each with its labellers when given in parentheses (our TextGrids:
 * "end_of_speech (e1)+silence (e1)+silence (e2)"), in taxonomy order; null when some part is
 * no reason.
 */
export function reasonsOfLabel(
  label: string,
  taxonomy: readonly AnnotationFile["taxonomy"][number][],
): GivenReason[] | null {
  const byName = new Map<string, string>();
  for (const t of taxonomy) {
    byName.set(t.id.toLowerCase(), t.id);
    byName.set(t.label.toLowerCase(), t.id);
  }
  const parts = labelParts(label);
  if (parts.length === 0) return null;
  const out: GivenReason[] = [];
  for (const part of parts) {
    const m = /^(.*?)\s*(?:\(([^()]*)\))?$/.exec(part) as RegExpExecArray;
    const id = byName.get((m[1] ?? "").trim().toLowerCase());
    if (id === undefined) return null;
    const by = (m[2] ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter((x) => x !== "");
    if (by.length === 0) out.push({ reason: id });
    for (const b of by) out.push({ reason: id, by: b });
  }
  const rank = new Map(taxonomy.map((t, i) => [t.id, i]));
  const seen = new Set<string>();
  return out
    .filter((g) => {
      const key = `${g.reason}\u0000${g.by ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (rank.get(a.reason) ?? 0) - (rank.get(b.reason) ?? 0));
}

export interface Converted {
  file: AnnotationFile;
  /** One line each: what was left out or changed, and texts that are no reason. */
  warnings: string[];
}

/**
 * The clip a document is about: its audio name without extensions, else a clip id; undefined
 * when no clip matches (the caller names every such file at once).
 */
function matchClip(
  doc: ForeignDocument,
  clips: AnnotationFile["clips"],
): AnnotationFile["clips"][number] | undefined {
  const byStem = new Map<string, AnnotationFile["clips"][number][]>();
  for (const c of clips) {
    const key = nameStem(c.name);
    byStem.set(key, [...(byStem.get(key) ?? []), c]);
  }
  let stem = nameStem(doc.audio);
  for (;;) {
    const found = byStem.get(stem);
    if (found && found.length > 1) {
      throw new FormatError(
        doc.source,
        "",
        `${found.length} clips of the study are named like "${stem}" (${found.map((c) => c.id).join(", ")}): rename one`,
      );
    }
    if (found) return found[0] as AnnotationFile["clips"][number];
    const byId = clips.find((c) => c.id.toLowerCase() === stem);
    if (byId) return byId;
    const dot = stem.lastIndexOf(".");
    if (dot <= 0) break;
    stem = stem.slice(0, dot);
  }
  return undefined;
}

/** The refusal of a file whose documents name no clip of the study, naming each audio file. */
function noClipError(source: string, audio: readonly string[]): FormatError {
  const names = audio.map((a) => `"${a}"`);
  const list =
    names.length > 10
      ? `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`
      : names.length > 1
        ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`
        : names[0];
  return new FormatError(
    source,
    "",
    `no clip of the study is named like ${list} (clips are matched by file name without the extension)`,
  );
}

/** The documents as an interchange file of the stored study `study` (as studyToFile gives it). */
export function foreignToInterchange(
  docs: readonly ForeignDocument[],
  study: AnnotationFile,
): Converted {
  const warnings: string[] = [];
  const say = (line: string) => {
    if (!warnings.includes(line)) warnings.push(line);
  };
  const annotators = new Map(study.annotators.map((a) => [a.id, a]));
  const used = new Map<string, AnnotationFile["annotators"][number]>();
  const clipsUsed = new Map<string, AnnotationFile["clips"][number]>();
  const stored = new Map<string, string>();
  for (const r of study.regions) {
    stored.set(`${r.clipId}\u0000${r.annotatorId}\u0000${us(r.start)}\u0000${us(r.end)}`, r.id);
  }
  const submitted = new Set(study.submissions.map((s) => `${s.clipId}\u0000${s.annotatorId}`));
  const regions = new Map<string, Region>();
  const labels = new Map<string, ReasonLabel>();
  const submissions = new Map<string, Submission>();

  const unmatched: string[] = [];
  for (const doc of docs) {
    for (const note of doc.notes) say(`${doc.source}: ${note}`);
    const clip = matchClip(doc, study.clips);
    if (clip === undefined) {
      if (!unmatched.includes(doc.audio)) unmatched.push(doc.audio);
      continue;
    }
    clipsUsed.set(clip.id, clip);
    let cut = 0;
    let outside = 0;
    for (const tier of doc.tiers) {
      const id = tier.annotator.trim();
      if (id === "")
        throw new FormatError(doc.source, "", "a tier has no name (the annotator's id)");
      used.set(id, annotators.get(id) ?? { id, role: "crowd" });
      const key = `${clip.id}\u0000${id}`;
      if (!submitted.has(key) && !submissions.has(key)) {
        submissions.set(key, { clipId: clip.id, annotatorId: id });
      }
      for (const s of tier.spans) {
        let span: { start: number; end: number };
        try {
          const { start, end } = checkSpan(s.start, s.end);
          // On the microsecond grid every time of the app is compared on.
          span = { start: secondsFromUs(us(start)), end: secondsFromUs(us(end)) };
          if (span.end <= span.start) {
            throw new Error(`shorter than a microsecond (${start} to ${end} s)`);
          }
        } catch (error) {
          throw new FormatError(doc.source, s.where, (error as Error).message);
        }
        const fit = spanFit(span, clip.duration);
        if (fit === "outside") {
          outside++;
          continue;
        }
        if (fit === "clamped") {
          cut++;
          span = { start: span.start, end: clip.duration };
        }
        const times = `${us(span.start)}\u0000${us(span.end)}`;
        const regionId =
          stored.get(`${key}\u0000${times}`) ??
          `${id}@${clip.id}@${us(span.start)}-${us(span.end)}`;
        regions.set(regionId, { id: regionId, clipId: clip.id, annotatorId: id, ...span });
        const label = s.label.trim();
        const given =
          label === "" || label.toLowerCase() === UNLABELLED
            ? []
            : reasonsOfLabel(label, study.taxonomy);
        if (given === null) {
          say(
            `${doc.source}: "${label}" names no reason of the study's taxonomy: kept as a span without reasons`,
          );
          continue;
        }
        // Reasons without a labeller are the tier's annotator's.
        for (const g of given) {
          const by = g.by ?? id;
          if (!used.has(by)) used.set(by, annotators.get(by) ?? { id: by, role: "expert" });
          const labelKey = `${regionId}\u0000${by}`;
          const before = labels.get(labelKey)?.reasons ?? [];
          const reasons = study.taxonomy
            .map((t) => t.id)
            .filter((r) => before.includes(r) || r === g.reason);
          labels.set(labelKey, { regionId, annotatorId: by, reasons });
        }
      }
    }
    if (cut > 0)
      say(
        `${doc.source}: ${cut} span${cut === 1 ? "" : "s"} ended past the clip (${clip.duration} s): cut to its end`,
      );
    if (outside > 0)
      say(
        `${doc.source}: ${outside} span${outside === 1 ? "" : "s"} started at or after the clip's end (${clip.duration} s): left out`,
      );
  }
  if (unmatched.length > 0) throw noClipError(docs[0]?.source ?? "", unmatched);
  return {
    file: {
      format: "redpen-annotations",
      version: 1,
      study: study.study,
      taxonomy: study.taxonomy,
      clips: study.clips.filter((c) => clipsUsed.has(c.id)),
      annotators: [...used.values()],
      submissions: [...submissions.values()],
      regions: [...regions.values()],
      reasonLabels: [...labels.values()],
    },
    warnings,
  };
}
