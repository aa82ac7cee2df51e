import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { trnFiles } from "./trn.ts";

function study(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "t", name: "t", binSeconds: 0.1, task: "transcribe" },
    taxonomy: [],
    clips: [
      { id: "b 2", name: "b.wav", duration: 2, system: "A", text: "It\u2019s the cat!" },
      { id: "a1", name: "a.wav", duration: 2, system: "A", text: "The dog." },
      { id: "x", name: "x.wav", duration: 2, system: "A" },
    ],
    annotators: [
      { id: "w_1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "whisper", role: "asr" },
    ],
    submissions: [
      { clipId: "a1", annotatorId: "w2", transcript: "" },
      { clipId: "b 2", annotatorId: "w2", transcript: "its the cat" },
      { clipId: "b 2", annotatorId: "w_1", transcript: "It's a cat." },
      { clipId: "b 2", annotatorId: "whisper", transcript: "it's the cat" },
      { clipId: "x", annotatorId: "w2", transcript: "not scored" },
    ],
    regions: [],
    reasonLabels: [],
  };
}

test("per system, normalised ref and hyp lines with speaker_utterance ids, in clip order, then by annotator id", () => {
  expect(trnFiles(study())).toEqual({
    "A/ref.trn": "it's the cat (w2_b-2)\nit's the cat (w-1_b-2)\nthe dog (w2_a1)\n",
    "A/hyp.trn": "its the cat (w2_b-2)\nit's a cat (w-1_b-2)\n(w2_a1)\n",
    "asr-whisper/A/ref.trn": "it's the cat (whisper_b-2)\n",
    "asr-whisper/A/hyp.trn": "it's the cat (whisper_b-2)\n",
  });
});

test("with the character unit, characters separated by spaces", () => {
  const file = study();
  file.study.transcription = { unit: "character" };
  file.submissions = [{ clipId: "a1", annotatorId: "w2", transcript: "the dig" }];
  expect(trnFiles(file)["A/hyp.trn"]).toBe("t h e d i g (w2_a1)\n");
});
