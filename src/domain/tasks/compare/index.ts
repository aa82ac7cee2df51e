// A paired comparison (A/B preference or CCR / CMOS): each trial plays two versions and asks
// which is better, or how much better the second is. New study, Edit settings and `cli new` make
// its pairs from the clips (pairs.ts: every pair of systems per sentence, each system against
// one, or a pair,a,b CSV); the server collects the judgments (trials and judgments,
// docs/server.md), and results read from files (the interchange format's pairs[] and
// judgments[], or webMUSHRA's and the P.808 toolkit's results imported) are analysed the same
// way. Its figures lead with the comparison.
import type { TaskModule } from "../types.ts";

export const COMPARE: TaskModule = {
  id: "compare",
  label: "Compare pairs (A/B, CMOS)",
  description:
    "Listeners judge pairs: which of two versions sounds better (A/B), or how much better the second is (CCR).",
  consentMessage: "consent.default.compare",
  instructionsMessage: null,
  collected: true,
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
    "The preference per pair of systems, the Bradley–Terry strengths and the pre-test's accuracies appear here once participants have judged pairs (collected from the server), or once judgments are imported on the home screen.",
  studyPage: {
    linkHelp:
      "Each participant judges their pairs after the pre-test when the study has one: two samples, labelled only 1 and 2, and which sounds better (or, on the CCR scale, how much better the second is). Publish the study below to hand out its links.",
    expertLinks: false,
    summary: ["design"],
    progressColumns: [],
    instructionsExample: "e.g. Listen to both samples, then say which sounds more natural.",
    perParticipant: "Pairs per participant",
    perItem: "Judgments per pair (R)",
    items: { noun: "pairs", done: "judged" },
  },
};
