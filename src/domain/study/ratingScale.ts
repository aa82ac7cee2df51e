// The rating question participants answer for each clip, and the words of its five points:
// stored in the study (`study.ratingScale`, an extra key of the interchange format) so that
// the protocol report quotes exactly what listeners saw. Chiang et al. (Interspeech 2023) show
// that the wording alone can reorder systems; the default is the SOMOS naturalness question,
// in the study's language (`study.language`) when a translation ships: the ITU-T P.800 ACR
// category words where the Recommendation gives them (French, German, Spanish), careful
// translations otherwise, not reviewed by native speakers (docs/languages.md).

import { catalogueFor, languageOf } from "../i18n/languages.ts";

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

/** The default question and labels in each shipped language but English. */
const TRANSLATED_DEFAULTS: Record<string, RatingScale> = {
  vi: {
    question: "Bản ghi âm này tự nhiên (giống giọng người thật) đến mức nào?",
    labels: [
      "Kém – Giọng nói rất không tự nhiên",
      "Tạm – Giọng nói không tự nhiên",
      "Trung bình – Giọng nói không tự nhiên cũng không tự nhiên hẳn",
      "Tốt – Giọng nói tự nhiên",
      "Rất tốt – Giọng nói hoàn toàn tự nhiên",
    ],
  },
  "zh-Hans": {
    question: "这段录音有多自然（即多像真人说话）？",
    labels: [
      "很差 – 非常不自然的语音",
      "差 – 不自然的语音",
      "一般 – 既不自然也不算不自然的语音",
      "好 – 自然的语音",
      "很好 – 完全自然的语音",
    ],
  },
  ja: {
    question: "この録音はどのくらい自然（人間らしい話し方）ですか？",
    labels: [
      "非常に悪い – とても不自然な音声",
      "悪い – 不自然な音声",
      "普通 – 自然とも不自然とも言えない音声",
      "良い – 自然な音声",
      "非常に良い – 完全に自然な音声",
    ],
  },
  ko: {
    question: "이 녹음은 얼마나 자연스럽습니까(사람의 목소리처럼 들립니까)?",
    labels: [
      "매우 나쁨 – 매우 부자연스러운 음성",
      "나쁨 – 부자연스러운 음성",
      "보통 – 자연스럽지도 부자연스럽지도 않은 음성",
      "좋음 – 자연스러운 음성",
      "매우 좋음 – 완전히 자연스러운 음성",
    ],
  },
  de: {
    question: "Wie natürlich (d. h. menschlich klingend) ist diese Aufnahme?",
    labels: [
      "Schlecht – Sehr unnatürliche Sprache",
      "Dürftig – Unnatürliche Sprache",
      "Ordentlich – Weder natürliche noch unnatürliche Sprache",
      "Gut – Natürliche Sprache",
      "Ausgezeichnet – Vollkommen natürliche Sprache",
    ],
  },
  fr: {
    question:
      "Dans quelle mesure cet enregistrement est-il naturel (c’est-à-dire semblable à une voix humaine) ?",
    labels: [
      "Mauvaise – Parole très peu naturelle",
      "Médiocre – Parole peu naturelle",
      "Assez bonne – Parole ni naturelle ni artificielle",
      "Bonne – Parole naturelle",
      "Excellente – Parole tout à fait naturelle",
    ],
  },
  es: {
    question: "¿Qué tan natural (es decir, parecida a una voz humana) es esta grabación?",
    labels: [
      "Mala – Habla muy poco natural",
      "Mediocre – Habla poco natural",
      "Aceptable – Habla ni natural ni artificial",
      "Buena – Habla natural",
      "Excelente – Habla completamente natural",
    ],
  },
  pt: {
    question: "Quão natural (isto é, parecida com uma voz humana) é esta gravação?",
    labels: [
      "Ruim – Fala muito pouco natural",
      "Fraca – Fala pouco natural",
      "Razoável – Fala nem natural nem artificial",
      "Boa – Fala natural",
      "Excelente – Fala completamente natural",
    ],
  },
  ar: {
    question: "ما مدى طبيعية هذا التسجيل (أي مدى شبهه بصوت إنسان)؟",
    labels: [
      "سيئ – كلام غير طبيعي إطلاقًا",
      "ضعيف – كلام غير طبيعي",
      "مقبول – كلام ليس طبيعيًا ولا غير طبيعي",
      "جيد – كلام طبيعي",
      "ممتاز – كلام طبيعي تمامًا",
    ],
  },
};

/** The default question in a language: its shipped translation, else the English. */
export function defaultRatingScale(language = "en"): RatingScale {
  const tag = catalogueFor(language);
  return (tag && TRANSLATED_DEFAULTS[tag]) || DEFAULT_RATING_SCALE;
}

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

/**
 * The study's rating scale (`study.ratingScale`), or, when it has none usable, the default in
 * the study's language: what its listeners were shown.
 */
export function ratingScaleOf(study: Record<string, unknown>): RatingScale {
  const value = study.ratingScale;
  if (ratingScaleProblem(value) !== undefined) return defaultRatingScale(languageOf(study));
  const { question, labels } = value as RatingScale;
  return {
    question: question.trim(),
    labels: labels.map((l) => l.trim()) as RatingScale["labels"],
  };
}

/** True when the scale says exactly what the default says (in `language`, English by default). */
export function isDefaultRatingScale(scale: RatingScale, language = "en"): boolean {
  const standard = defaultRatingScale(language);
  return (
    scale.question === standard.question && scale.labels.every((l, i) => l === standard.labels[i])
  );
}
