// A plain listening test (ACR, MOS): listen to each clip and rate it 1–5 on the study's
// question, no spans, no waveform. Its figures lead with the MOS per system.
import type { TaskModule } from "../types.ts";

export const RATE: TaskModule = {
  id: "rate",
  label: "Rate only (MOS)",
  description: "A plain listening test (ACR): listen and rate each clip, no spans.",
  consentMessage: "consent.default.rate",
  instructionsMessage: "listen.rateHelp",
  collected: true,
  rating: {
    setting: "always",
    defaultRequired: true,
    note: "A rate-only test asks every clip's rating.",
  },
  holds: { spans: false, rating: true, transcript: false },
  blind: true,
  transcriptionSettings: false,
  submissionRules: () => ({
    rating: "required",
    transcript: "none",
    spans: false,
    maxPlays: null,
    heardToEnd: "participants",
  }),
  figures: [
    { id: "mos", when: "always" },
    { id: "intelligibility", when: "transcripts" },
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
    "The MOS per system, its intervals and the pairwise tests appear here once listeners have rated clips, or once their files are imported on the home screen.",
  studyPage: {
    linkHelp:
      "Crowd listeners play each clip and rate it from 1 to 5 on the study's question; they see no waveform and no clip names.",
    expertLinks: false,
    summary: ["rating"],
    progressColumns: [],
    instructionsExample: "e.g. Listen to the whole clip, then rate how natural it sounds.",
    perParticipant: "Clips per participant",
    perItem: "Ratings per clip",
    items: { noun: "clips", done: "finished" },
  },
};
