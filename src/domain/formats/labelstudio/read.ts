// Label Studio's JSON export ("JSON" in Export) of audio tasks labelled with a Labels control
// on an audio object: an array of tasks, each with `data` (the audio's address) and
// `annotations` (one per annotator, `completed_by` a user id or an object with its email),
// whose `result` holds regions { type: "labels", value: { start, end, labels: [...] } } in
// seconds. The audio file name is the address's last part; Label Studio prefixes uploaded
// files with 8 hex digits and a dash ("1a2b3c4d-s01_espeak.wav"), which are taken away.
// Cancelled annotations (was_cancelled) are left out; results of other types (choices,
// textarea, rating) are left out with a note.
import { type ForeignDocument, type ForeignTier, FormatError } from "../foreign.ts";

type Node = Record<string, unknown>;
const isNode = (x: unknown): x is Node => typeof x === "object" && x !== null && !Array.isArray(x);

function audioName(data: Node): string | undefined {
  const urls = Object.values(data).filter((v): v is string => typeof v === "string");
  const url = urls.find((u) => /\.(wav|mp3|flac|ogg|m4a|aac|opus|webm)(\?|$)/i.test(u)) ?? urls[0];
  if (!url) return undefined;
  const path = url.split("?")[0] ?? url;
  let last = path.split("/").pop() ?? path;
  try {
    last = decodeURIComponent(last);
  } catch {
    // not %-encoded: as it is
  }
  return last.replace(/^[0-9a-f]{8}-/i, "");
}

function userOf(a: Node): string {
  const by = a.completed_by;
  if (isNode(by)) return String(by.email ?? by.id ?? "label-studio");
  if (typeof by === "number" || typeof by === "string") return `ls-${by}`;
  return "label-studio";
}

/** Reads a Label Studio export; one document per task. */
export function parseLabelStudio(value: unknown, file: string): ForeignDocument[] {
  if (!Array.isArray(value)) {
    throw new FormatError(file, "$", "not a Label Studio export (a JSON array of tasks)");
  }
  return value.map((task, t) => {
    const path = `$[${t}]`;
    if (!isNode(task)) throw new FormatError(file, path, "a task must be an object");
    if (!isNode(task.data))
      throw new FormatError(
        file,
        `${path}.data`,
        "missing: a task needs its data (the audio's address)",
      );
    const audio = audioName(task.data);
    if (!audio) throw new FormatError(file, `${path}.data`, "names no audio file");
    const tiers = new Map<string, ForeignTier>();
    const skipped = new Set<string>();
    const annotations = Array.isArray(task.annotations) ? task.annotations : [];
    annotations.forEach((a, i) => {
      const at = `${path}.annotations[${i}]`;
      if (!isNode(a)) throw new FormatError(file, at, "an annotation must be an object");
      if (a.was_cancelled === true) return;
      const annotator = userOf(a);
      const tier = tiers.get(annotator) ?? { annotator, spans: [] };
      tiers.set(annotator, tier);
      const results = Array.isArray(a.result) ? a.result : [];
      results.forEach((r, j) => {
        const where = `${at}.result[${j}]`;
        if (!isNode(r)) throw new FormatError(file, where, "a result must be an object");
        if (r.type !== "labels") {
          skipped.add(String(r.type));
          return;
        }
        const v = r.value;
        if (!isNode(v)) {
          throw new FormatError(
            file,
            `${where}.value`,
            "missing: a labels result needs its value { start, end, labels }",
          );
        }
        const { start, end, labels } = v;
        if (
          typeof start !== "number" ||
          typeof end !== "number" ||
          !Number.isFinite(start) ||
          !Number.isFinite(end)
        ) {
          throw new FormatError(file, `${where}.value`, "start and end must be numbers of seconds");
        }
        if (!Array.isArray(labels) || !labels.every((l) => typeof l === "string")) {
          throw new FormatError(file, `${where}.value.labels`, "must be a list of label texts");
        }
        tier.spans.push({ start, end, label: labels.join("+"), where });
      });
    });
    const notes = [...skipped].map(
      (type) => `results of type "${type}" (not labelled regions): left out`,
    );
    return {
      format: "label-studio" as const,
      source: file,
      audio,
      tiers: [...tiers.values()],
      notes,
    };
  });
}
