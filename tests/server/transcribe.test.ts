// A transcribe study (an intelligibility test) through the collection server: publishing carries
// the task, its settings and every clip's text; a participant's page learns the task and the
// plays allowed but never a clip's text (every response of a whole visit is read for it); a
// transcript is checked by the reader's own rule (bounded, no control characters: a 400 naming
// the field, nothing stored); collect returns the task, settings, texts and transcripts, and the
// report scores them (WER worked out by hand below).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

/** Each sentence's text: four words no response could spell by chance. */
const TEXTS: Record<string, string> = {
  s01: "violet harbour swims quietly",
  s02: "copper lantern dreams loudly",
  s03: "marble giraffe whistles softly",
};
const SECRET_WORDS = Object.values(TEXTS).flatMap((t) => t.split(" "));

function susStudy(): AnnotationFile {
  const file = studyFile("sus", 3, ["espeak", "flite"]);
  file.study.task = "transcribe";
  file.study.transcription = { maxPlays: 3, seed: "sus-test", replicates: 200 };
  file.study.instructions = "Type what you hear.";
  for (const c of file.clips) c.text = TEXTS[c.sentence ?? ""] as string;
  return file;
}

/**
 * What the listener types: the human clips exactly, eSpeak's with its first word misheard
 * (1 substitution), Flite's without its last word (1 deletion).
 */
function heard(clipId: string): string {
  const [sentence = "", system] = clipId.split("_");
  const words = (TEXTS[sentence] as string).split(" ");
  if (system === "espeak") return ["violent", ...words.slice(1)].join(" ");
  if (system === "flite") return words.slice(0, -1).join(" ");
  return words.join(" ");
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.publish(susStudy(), { clipsPerParticipant: 3, ratingsPerClip: 2 });
});
afterAll(() => h?.close());

describe("a transcribe study on the collection server", () => {
  test("a whole visit never shows a clip's text; the transcripts are collected and scored", async () => {
    // Every body a participant receives, as text.
    const seen: string[] = [];
    const keep = (label: string, body: unknown) =>
      seen.push(`${label}: ${typeof body === "string" ? body : JSON.stringify(body)}`);

    const about = await h.api("GET", "p/sus");
    expect(about.status).toBe(200);
    // The consent step learns the task, to describe the test by default (issue 36, problem 2).
    expect(about.json).toMatchObject({ task: "transcribe" });
    keep("about", about.json);

    const participants: { token: string; id: string }[] = [];
    for (const pid of ["listener-a", "listener-b"]) {
      const arrived = await h.api("POST", "p/sus/arrive", { platform: "link", participantId: pid });
      expect(arrived.status).toBe(200);
      const token = arrived.json.sessionToken as string;
      keep("arrive", { ...arrived.json, sessionToken: "(random)" });
      const state = arrived.json.state as {
        participantId: string;
        study: Record<string, unknown>;
        clips: { position: number }[];
      };
      // The task and the plays it allows reach the page; nothing else of the settings.
      expect(state.study).toMatchObject({ task: "transcribe", maxPlays: 3 });
      expect(state.study).not.toHaveProperty("transcription");
      expect(state.clips.length).toBeGreaterThan(0);
      participants.push({ token, id: state.participantId });

      for (const { position } of state.clips) {
        const audio = await fetch(`${h.base}/api/p/sus/clips/${position}/audio`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(audio.status).toBe(200);
        keep(`audio ${position}`, new TextDecoder().decode(await audio.arrayBuffer()));
      }
    }

    // A transcript breaking the rule is refused naming the field; nothing is stored.
    const [first] = participants as [{ token: string; id: string }];
    const bell = await h.api(
      "POST",
      "p/sus/submissions",
      {
        clientId: "bad-client-1",
        position: 1,
        spans: [],
        heardToEnd: true,
        transcript: "one\u0007two",
      },
      first.token,
    );
    expect(bell.status).toBe(400);
    expect(bell.json.error?.message).toBe(
      "transcript: contains a control character (U+0007 at position 4)",
    );
    keep("refused", bell.json);
    const long = await h.api(
      "POST",
      "p/sus/submissions",
      {
        clientId: "bad-client-2",
        position: 1,
        spans: [],
        heardToEnd: true,
        transcript: "a".repeat(2001),
      },
      first.token,
    );
    expect(long.status).toBe(400);
    expect(long.json.error?.message).toBe(
      "transcript: is 2001 characters long; a transcript may have at most 2000",
    );
    expect((await h.api("GET", "p/sus/state", undefined, first.token)).json.done).toEqual([]);

    // Each participant types what they heard, clip by clip; the last answer has the code.
    const typed = new Map<string, string>();
    for (const p of participants) {
      const assigned = await h.store.query<{ position: number; clip_id: string }>(
        "SELECT position, clip_id FROM assignments WHERE study_id = 'sus' AND participant_id = $1 ORDER BY position",
        [p.id],
      );
      for (const { position, clip_id } of assigned) {
        const transcript = heard(clip_id);
        typed.set(`${p.id}/${clip_id}`, transcript);
        // Two plays, each allowed by the server as it starts (plays.ts): its count is stored.
        for (const n of [1, 2]) {
          const play = await h.api(
            "POST",
            `p/sus/clips/${position}/plays`,
            { playId: `${p.id}-${position}-play-${n}`.replace(/[^A-Za-z0-9_-]/g, "_") },
            p.token,
          );
          expect(play.json).toMatchObject({ plays: n, maxPlays: 3, left: 3 - n });
          keep("play", play.json);
        }
        const sent = await h.api(
          "POST",
          "p/sus/submissions",
          {
            clientId: `${p.id}-${position}`.replace(/[^A-Za-z0-9_-]/g, "_"),
            position,
            spans: [],
            heardToEnd: true,
            playCount: 2,
            seconds: 9.5,
            transcript,
          },
          p.token,
        );
        expect(sent.status).toBe(200);
        keep("submit", sent.json);
      }
      const state = await h.api("GET", "p/sus/state", undefined, p.token);
      expect(state.json.done).toEqual(assigned.map((a) => a.position));
      keep("state", state.json);
      const returned = await h.api("POST", "p/sus/return", {}, p.token);
      keep("finish", returned.json);
    }

    const everything = seen.join("\n");
    expect(everything).toContain("Type what you hear.");
    for (const word of SECRET_WORDS) expect(everything).not.toContain(word);

    // Collect: the task, settings, texts and every transcript as sent.
    const collected = await h.api("GET", "studies/sus/collect", undefined, TOKEN);
    expect(collected.status).toBe(200);
    const file = collected.json as unknown as AnnotationFile;
    expect(file.study.task).toBe("transcribe");
    expect(file.study.transcription).toEqual({ maxPlays: 3, seed: "sus-test", replicates: 200 });
    expect(file.clips.map((c) => [c.id, c.text])).toEqual(
      susStudy().clips.map((c) => [c.id, TEXTS[c.sentence ?? ""]]),
    );
    expect(file.submissions).toHaveLength(typed.size);
    expect(typed.size).toBeGreaterThan(2);
    for (const s of file.submissions) {
      expect(s).toMatchObject({ transcript: typed.get(`${s.annotatorId}/${s.clipId}`) });
      expect(s).toMatchObject({ playCount: 2, heardToEnd: true, seconds: 9.5 });
    }

    // The report scores them: each transcript has 4 reference words; the human ones are exact,
    // each eSpeak one has 1 substitution, each Flite one 1 deletion. So, with n transcripts of
    // a system, WER(human) = 0 and WER(espeak) = WER(flite) = n / 4n = 0.25.
    const report = computeReport(file);
    const wer = report.intelligibility;
    expect(wer?.scored).toBe(typed.size);
    const n = (system: string) =>
      file.submissions.filter((s) => s.clipId.endsWith(`_${system}`)).length;
    const expected: Record<string, object> = {
      human: { substitutions: 0, deletions: 0, wer: 0 },
      espeak: { substitutions: n("espeak"), deletions: 0, wer: 0.25 },
      flite: { substitutions: 0, deletions: n("flite"), wer: 0.25 },
    };
    const present = Object.keys(expected).filter((system) => n(system) > 0);
    expect(present.length).toBeGreaterThan(1);
    expect(Object.keys(wer?.bySystem ?? {}).sort()).toEqual(present.sort());
    for (const system of present) {
      expect(wer?.bySystem[system]).toMatchObject({
        ...expected[system],
        insertions: 0,
        transcripts: n(system),
        refTokens: 4 * n(system),
      });
    }
  });

  test("a mark study tells the page nothing of a task; a rate study says rate, no plays", async () => {
    const mark = studyFile("marks", 1, ["espeak"]);
    await h.publish(mark, { clipsPerParticipant: 1 });
    const a = await h.api("POST", "p/marks/arrive", { platform: "link", participantId: "m1" });
    expect(a.json.state).toMatchObject({ study: { name: "Study marks" } });
    expect((a.json.state as { study: object }).study).not.toHaveProperty("task");
    expect((await h.api("GET", "p/marks")).json).not.toHaveProperty("task");

    const rate = studyFile("mos", 1, ["espeak"]);
    rate.study.task = "rate";
    await h.publish(rate, { clipsPerParticipant: 1 });
    const b = await h.api("POST", "p/mos/arrive", { platform: "link", participantId: "r1" });
    const study = (b.json.state as { study: Record<string, unknown> }).study;
    expect(study.task).toBe("rate");
    expect(study).not.toHaveProperty("maxPlays");
    expect((await h.api("GET", "p/mos")).json).toMatchObject({ task: "rate" });
  });
});
