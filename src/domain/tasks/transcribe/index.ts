// An intelligibility test (a SUS test, as VLSP 2021 and the Blizzard Challenge run one): play
// each clip at most the study's plays and type what was heard; the analysis scores the
// transcripts against each clip's text. No rating is asked. Its figures lead with the WER.

import type { TaskModule } from "../types.ts";
import { DEFAULT_MAX_PLAYS, transcriptionOf } from "./settings.ts";

export const TRANSCRIBE: TaskModule = {
  id: "transcribe",
  label: "Transcribe (intelligibility)",
  description:
    "Listeners type what they heard (a SUS test); the analysis scores it against each clip's text.",
  consentMessage: "consent.default.transcribe",
  instructionsMessage: "listen.transcribeHelp",
  collected: true,
  rating: {
    setting: "never",
    defaultRequired: false,
    note: "A transcription test asks no rating: its listeners type what they heard.",
  },
  holds: { spans: false, rating: false, transcript: true },
  blind: true,
  transcriptionSettings: true,
  submissionRules: (study) => ({
    rating: "none",
    transcript: "required",
    spans: false,
    maxPlays: transcriptionOf(study).maxPlays ?? DEFAULT_MAX_PLAYS,
    heardToEnd: "always",
  }),
  figures: [
    { id: "intelligibility", when: "always" },
    { id: "mos", when: "ratings" },
    { id: "comparison", when: "judgments" },
    { id: "dataset", when: "always" },
    { id: "agreement", when: "regions" },
    { id: "clips", when: "regions" },
    { id: "consensus", when: "regions" },
    { id: "correlation", when: "regions" },
    { id: "errorTypes", when: "regions" },
    { id: "expertAgreement", when: "regions" },
    { id: "saliency", when: "saliency" },
    { id: "annotators", when: "regions" },
  ],
  emptyAnalysis:
    "The WER per system, its intervals and the pairwise tests appear here once listeners have transcribed clips, or once their transcripts are imported.",
  studyPage: {
    linkHelp:
      "Crowd listeners play each clip (at most the plays allowed) and type what they heard; they see no waveform, no clip names and never the clip's text.",
    expertLinks: false,
    summary: ["plays", "unit", "rating"],
    progressColumns: [],
    instructionsExample:
      "e.g. Type exactly the words you hear, even if the sentence makes no sense.",
    perParticipant: "Clips per participant",
    perItem: "Ratings per clip",
    items: { noun: "clips", done: "finished" },
  },
};
