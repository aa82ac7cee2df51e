// A paired comparison (A/B preference or CCR / CMOS): each trial plays two versions and asks
// which is better, or how much better the second is. Its results come from files (the
// interchange format's pairs[] and judgments[], or webMUSHRA's and the P.808 toolkit's results
// imported): the app has no participant screen for it yet, so New study does not offer it and a
// study of it is not published (`collected` false). Its figures lead with the comparison.
import type { TaskModule } from "../types.ts";

export const COMPARE: TaskModule = {
  id: "compare",
  label: "Compare pairs (A/B, CMOS)",
  description:
    "Listeners judge pairs: which of two versions sounds better (A/B), or how much better the second is (CCR).",
  consentMessage: "consent.default.compare",
  instructionsMessage: null,
  collected: false,
  rating: {
    setting: "never",
    defaultRequired: false,
    note: "A comparison test judges pairs, not single clips.",
  },
  holds: { spans: false, rating: false, transcript: false },
  blind: true,
  transcriptionSettings: false,
  submissionRules: () => ({
    rating: "none",
    transcript: "none",
    spans: false,
    maxPlays: null,
    heardToEnd: "participants",
  }),
  figures: [
    { id: "comparison", when: "always" },
    { id: "mos", when: "ratings" },
    { id: "intelligibility", when: "transcripts" },
    { id: "dataset", when: "always" },
    { id: "agreement", when: "regions" },
    { id: "clips", when: "regions" },
    { id: "consensus", when: "regions" },
    { id: "correlation", when: "regions" },
    { id: "errorTypes", when: "regions" },
    { id: "expertAgreement", when: "regions" },
    { id: "annotators", when: "regions" },
  ],
  emptyAnalysis:
    "The preference per pair of systems, the Bradley–Terry strengths and the pre-test's accuracies appear here once judgments are imported on the home screen.",
  studyPage: {
    linkHelp:
      "A comparison test's judgments come from files: this version has no participant screen for pairs, so it hands out no links for them.",
    expertLinks: false,
    summary: [],
    progressColumns: [],
    instructionsExample: "e.g. Listen to both samples, then say which sounds more natural.",
  },
};
