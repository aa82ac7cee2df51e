import type { TaxonomyEntry } from "../interchange/types.ts";

/** The RedPen paper's 11 error types, in the order the expert screen's keys 1–9, 0, - toggle them. */
export const DEFAULT_TAXONOMY: readonly TaxonomyEntry[] = [
  {
    id: "end_of_speech",
    label: "End of speech",
    description: "Position of region is at the end of each utterance.",
  },
  {
    id: "silence",
    label: "Silence",
    description: "Position of region is at the non-verbal region.",
  },
  {
    id: "high_pitch",
    label: "High pitch",
    description: "Pitch of region is higher than rest of audio.",
  },
  {
    id: "voice_trembling",
    label: "Voice trembling",
    description: "Voice is trembling in the region.",
  },
  {
    id: "flat_pitch",
    label: "Flat pitch",
    description: "Pitch of erroneous region is significantly flat.",
  },
  {
    id: "energy",
    label: "Energy-related",
    description: "Energy of the region is significantly larger or smaller than other regions.",
  },
  { id: "spacing", label: "Spacing", description: "Length of spacing is too short or too long." },
  {
    id: "word_duration",
    label: "Word duration",
    description: "Length of word / phoneme is too short or too long.",
  },
  {
    id: "accuracy",
    label: "Accuracy",
    description: "Wrong phoneme is inserted or some phonemes are missed.",
  },
  {
    id: "background_noise",
    label: "Background noise",
    description: "Noisy sound is inserted in background.",
  },
  { id: "undefined", label: "Undefined", description: "None of the above reasons." },
];
