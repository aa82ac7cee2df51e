// The rating question participants answer for each clip, and the words of its five points:
// stored in the study (`study.ratingScale`, an extra key of the interchange format) so that
// the protocol report quotes exactly what listeners saw. Chiang et al. (Interspeech 2023) show
// that the wording alone can reorder systems; the default is the SOMOS naturalness question.

export interface RatingScale {
  question: string;
  /** The words of points 1 … 5. */
  labels: [string, string, string, string, string];
}

/** The SOMOS / Chiang et al. naturalness question and labels. */
export const DEFAULT_RATING_SCALE: RatingScale = {
  question: "How natural (i.e. human-sounding) is this recording?",
  labels: [
    "Bad – Very unnatural speech",
    "Poor – Unnatural speech",
    "Fair – Neither natural nor unnatural speech",
    "Good – Natural speech",
    "Excellent – Completely natural speech",
  ],
};

const MAX_QUESTION = 500;
const MAX_LABEL = 120;

/** What is wrong with a stored rating scale, or undefined when it can be used. */
export function ratingScaleProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "ratingScale must be an object";
  const { question, labels } = value as { question?: unknown; labels?: unknown };
  if (typeof question !== "string" || question.trim() === "")
    return "ratingScale.question must be a non-empty text";
  if (question.length > MAX_QUESTION)
    return `ratingScale.question must be at most ${MAX_QUESTION} characters`;
  if (!Array.isArray(labels) || labels.length !== 5)
    return "ratingScale.labels must be a list of 5 texts (points 1 to 5)";
  for (const [i, label] of labels.entries()) {
    if (typeof label !== "string" || label.trim() === "")
      return `ratingScale.labels[${i}] (point ${i + 1}) must be a non-empty text`;
    if (label.length > MAX_LABEL)
      return `ratingScale.labels[${i}] must be at most ${MAX_LABEL} characters`;
  }
  return undefined;
}

/** The study's rating scale (`study.ratingScale`), or the default when it has none usable. */
export function ratingScaleOf(study: Record<string, unknown>): RatingScale {
  const value = study.ratingScale;
  if (ratingScaleProblem(value) !== undefined) return DEFAULT_RATING_SCALE;
  const { question, labels } = value as RatingScale;
  return {
    question: question.trim(),
    labels: labels.map((l) => l.trim()) as RatingScale["labels"],
  };
}

/** True when the scale says exactly what the default says. */
export function isDefaultRatingScale(scale: RatingScale): boolean {
  return (
    scale.question === DEFAULT_RATING_SCALE.question &&
    scale.labels.every((l, i) => l === DEFAULT_RATING_SCALE.labels[i])
  );
}
