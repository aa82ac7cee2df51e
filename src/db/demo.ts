// The demo study (id `demo`): 5 sentences × 4 voices from public/audio, created on first
// launch with the audio stored in the database, so it works offline afterwards.

import { wavDuration } from "../domain/clips/wav.ts";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import { idRecord } from "../domain/util/idRecord.ts";
import { type AudioRecord, type ClipRecord, db, type StudyRecord } from "./db.ts";
import { runWrite } from "./write.ts";

export const DEMO_STUDY_ID = "demo";

/** What the demo study asks of its annotators (shown above the waveform). */
export const DEMO_INSTRUCTIONS =
  "Listen to the whole clip. Drag across every part that sounds unnatural (an odd pitch, a robotic word, a pause in the wrong place), then rate the clip and press Finish clip. If nothing sounds wrong, finish without marking anything: that is an answer too.";
export const DEMO_SYSTEMS = ["human", "espeak", "flite", "festival"] as const;
export const DEMO_SENTENCES = ["s01", "s02", "s03", "s04", "s05"] as const;
/** Set once the demo has been created, so that deleting it is not undone on the next launch. */
const SEEDED_KEY = "redpen.demoSeeded";

type Fetch = (url: string) => Promise<Response>;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The demo's clip ids in study order: s01_human, s01_espeak, s01_flite, s01_festival, s02_… */
export function demoClipIds(): string[] {
  return DEMO_SENTENCES.flatMap((s) => DEMO_SYSTEMS.map((sys) => `${s}_${sys}`));
}

/** Parses sentences.tsv ("s01<TAB>text" per line) into { s01: "text", … }. */
export function parseSentences(tsv: string): Record<string, string> {
  const out = idRecord<string>();
  for (const line of tsv.split(/\r?\n/)) {
    const tab = line.indexOf("\t");
    if (tab > 0) out[line.slice(0, tab).trim()] = line.slice(tab + 1).trim();
  }
  return out;
}

async function fetchOk(fetchImpl: Fetch, url: string): Promise<Response> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`could not load ${url} (HTTP ${res.status})`);
  return res;
}

let inFlight: Promise<"created" | "exists" | "skipped"> | undefined;

/**
 * Creates the demo study unless it exists or was created before (and maybe deleted since).
 * Safe to call concurrently (StrictMode double effects, two tabs): the existence check and
 * the writes share one transaction, and calls in one tab share one promise.
 * Returns what happened. Failures show an error notice and reject.
 */
export function ensureDemoStudy(
  options: { fetch?: Fetch; baseUrl?: string; force?: boolean } = {},
): Promise<"created" | "exists" | "skipped"> {
  inFlight ??= createDemo(options).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function createDemo(options: {
  fetch?: Fetch;
  baseUrl?: string;
  force?: boolean;
}): Promise<"created" | "exists" | "skipped"> {
  if (!options.force && storage()?.getItem(SEEDED_KEY)) return "skipped";
  if (await db.studies.get(DEMO_STUDY_ID)) {
    storage()?.setItem(SEEDED_KEY, "1");
    return "exists";
  }
  const fetchImpl: Fetch = options.fetch ?? ((url) => fetch(url));
  const base = (options.baseUrl ?? import.meta.env.BASE_URL ?? "/").replace(/\/?$/, "/");
  const result = await runWrite("the demo study", async () => {
    const sentences = parseSentences(
      await (await fetchOk(fetchImpl, `${base}audio/sentences.tsv`)).text(),
    );
    const files = await Promise.all(
      demoClipIds().map(async (id) => {
        const url = `${base}audio/${id}.wav`;
        const bytes = await (await fetchOk(fetchImpl, url)).arrayBuffer();
        let duration: number;
        try {
          duration = wavDuration(bytes);
        } catch (e) {
          throw new Error(`${url}: ${(e as Error).message}`);
        }
        return { id, bytes, duration };
      }),
    );
    const study: StudyRecord = {
      id: DEMO_STUDY_ID,
      name: "Demo: 5 sentences × 4 voices",
      binSeconds: 0.1,
      taxonomy: DEFAULT_TAXONOMY.map((t) => ({ ...t })),
      requireRating: true,
      createdAt: new Date().toISOString(),
      extra: {
        description:
          "Five sentences from Sense and Sensibility, each read by a human and by three speech synthesizers (eSpeak, Flite, Festival).",
        instructions: DEMO_INSTRUCTIONS,
        sentences,
      },
    };
    const clips: ClipRecord[] = files.map((f, order) => {
      const [sentence = "", system = ""] = f.id.split("_");
      return {
        studyId: DEMO_STUDY_ID,
        id: f.id,
        name: `${f.id}.wav`,
        duration: f.duration,
        system,
        sentence,
        isReference: system === "human",
        order,
      };
    });
    const audio: AudioRecord[] = files.map((f) => ({
      studyId: DEMO_STUDY_ID,
      clipId: f.id,
      blob: new Blob([f.bytes], { type: "audio/wav" }),
    }));
    return db.transaction("rw", [db.studies, db.clips, db.audio], async () => {
      if (await db.studies.get(DEMO_STUDY_ID)) return "exists" as const;
      await db.studies.add(study);
      await db.clips.bulkAdd(clips);
      await db.audio.bulkAdd(audio);
      return "created" as const;
    });
  });
  storage()?.setItem(SEEDED_KEY, "1");
  return result;
}
