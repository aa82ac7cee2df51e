// A study's transcripts as the aggregation takes them (statistics spec, "Aggregating
// transcriptions"): per clip, in the study's clip order, the listeners' transcripts by annotator
// id in code-unit order. Recognisers (role `asr`) are not listeners and are left out.
import type { AnnotationFile } from "../interchange/types.ts";
import type { TaskResponses } from "./taskCsv.ts";

export function studyResponses(file: AnnotationFile): TaskResponses[] {
  const asr = new Set(file.annotators.filter((a) => a.role === "asr").map((a) => a.id));
  const byClip = new Map<string, { annotator: string; text: string }[]>();
  for (const s of file.submissions) {
    if (s.transcript === undefined || asr.has(s.annotatorId)) continue;
    const list = byClip.get(s.clipId);
    const entry = { annotator: s.annotatorId, text: s.transcript };
    if (list) list.push(entry);
    else byClip.set(s.clipId, [entry]);
  }
  const out: TaskResponses[] = [];
  for (const clip of file.clips) {
    const list = byClip.get(clip.id);
    if (!list) continue;
    list.sort((a, b) => (a.annotator < b.annotator ? -1 : a.annotator > b.annotator ? 1 : 0));
    out.push({
      task: clip.id,
      texts: list.map((x) => x.text),
      annotators: list.map((x) => x.annotator),
    });
  }
  return out;
}
