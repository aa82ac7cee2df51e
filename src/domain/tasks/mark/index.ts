// RedPen's own task: listen, drag across every part of the clip that sounds unnatural, and rate
// the clip when the study asks. Its figures lead with the spans: the dataset (the RedPen paper's
// Table 1), agreement, the crowd's consensus, score against unnatural length.
import type { TaskModule } from "../types.ts";

export const MARK: TaskModule = {
  id: "mark",
  label: "Mark unnatural spans",
  description: "Listen, mark every part that sounds unnatural, and rate the clip if asked.",
  consentMessage: "consent.default",
  instructionsMessage: "clip.help",
  collected: true,
  rating: { setting: "choice", defaultRequired: true },
  holds: { spans: true, rating: true, transcript: false },
  blind: false,
  transcriptionSettings: false,
  submissionRules: (study) => ({
    rating: study.requireRating === true ? "required" : "optional",
    transcript: "none",
    spans: true,
    maxPlays: null,
    heardToEnd: "participants",
  }),
  figures: [
    { id: "dataset", when: "always" },
    { id: "agreement", when: "always" },
    { id: "clips", when: "always" },
    { id: "consensus", when: "always" },
    { id: "correlation", when: "always" },
    { id: "mos", when: "always" },
    { id: "intelligibility", when: "transcripts" },
    { id: "comparison", when: "judgments" },
    { id: "errorTypes", when: "always" },
    { id: "expertAgreement", when: "always" },
    { id: "saliency", when: "saliency" },
    { id: "annotators", when: "always" },
  ],
  emptyAnalysis:
    "Agreement, the score–length correlation and the error types appear here once annotators have marked clips, or once their files are imported on the home screen.",
  studyPage: {
    linkHelp:
      "Crowd annotators mark unnatural spans and rate each clip; experts tag the marked spans with reasons.",
    expertLinks: true,
    summary: ["rating", "binWidth", "reasons"],
    progressColumns: ["referenceMarked"],
    instructionsExample: "e.g. Drag across every part of the clip that sounds unnatural.",
    perParticipant: "Clips per participant",
    perItem: "Ratings per clip",
    items: { noun: "clips", done: "finished" },
  },
};
