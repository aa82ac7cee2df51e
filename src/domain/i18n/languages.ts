// The language a study is given in (`study.language`, a BCP 47 tag, "en" when absent) and the
// researcher's own wording of the participant's pages (`study.participantTexts`: message id →
// text, the catalogue's keys). One home for which languages ship a catalogue, which tag uses
// which catalogue, and which way a language is written. Pure: the app, the server, the CLI and
// the protocol report read it.

/** The languages whose catalogue ships (src/domain/i18n/messages/<tag>.json). */
export const LANGUAGES = [
  { tag: "en", name: "English", native: "English" },
  { tag: "vi", name: "Vietnamese", native: "Tiếng Việt" },
  { tag: "zh-Hans", name: "Chinese (Simplified)", native: "简体中文" },
  { tag: "ja", name: "Japanese", native: "日本語" },
  { tag: "ko", name: "Korean", native: "한국어" },
  { tag: "de", name: "German", native: "Deutsch" },
  { tag: "fr", name: "French", native: "Français" },
  { tag: "es", name: "Spanish", native: "Español" },
  { tag: "pt", name: "Portuguese", native: "Português" },
  { tag: "ar", name: "Arabic", native: "العربية" },
] as const;

export type CatalogueTag = (typeof LANGUAGES)[number]["tag"];

/** The shipped languages for forms: "Tiếng Việt — Vietnamese (vi)". */
export const LANGUAGE_CHOICES = LANGUAGES.map((l) => ({
  tag: l.tag,
  label: l.native === l.name ? `${l.name} (${l.tag})` : `${l.native} — ${l.name} (${l.tag})`,
}));

/**
 * The pseudo-locale (the CLDR's private-use tag): English with every text lengthened by 40 %
 * and accented, for checking that nothing is cut off or overlaps. Never for participants.
 */
export const PSEUDO_LOCALE = "en-XA";

/** Languages written right to left (base subtags). */
const RTL = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi"]);

/** The canonical form of a BCP 47 tag, or null when it is not one. */
export function canonicalTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical ?? null;
  } catch {
    return null;
  }
}

/**
 * The shipped catalogue for a tag: itself, else by base language ("pt-BR" → pt, "fr-CA" → fr;
 * Chinese: Simplified unless the tag says Traditional or a region that writes it), else null
 * (the page then falls back to English, under the researcher's own texts).
 */
export function catalogueFor(tag: string): CatalogueTag | null {
  const canonical = canonicalTag(tag);
  if (!canonical) return null;
  const locale = new Intl.Locale(canonical);
  if (locale.language === "zh") {
    const traditional =
      locale.script === "Hant" ||
      (!locale.script && ["TW", "HK", "MO"].includes(locale.region ?? ""));
    return traditional ? null : "zh-Hans";
  }
  const hit = LANGUAGES.find((l) => l.tag === locale.language);
  return hit ? hit.tag : null;
}

/** "rtl" for Arabic, Hebrew, Persian, Urdu …; "ltr" otherwise. */
export function directionOf(tag: string): "ltr" | "rtl" {
  const canonical = canonicalTag(tag);
  if (!canonical) return "ltr";
  const locale = new Intl.Locale(canonical);
  if (locale.script === "Arab" || locale.script === "Hebr") return "rtl";
  if (locale.script === "Latn" || locale.script === "Cyrl") return "ltr";
  return RTL.has(locale.language) ? "rtl" : "ltr";
}

/** The English name of a tag for reports and forms: "Vietnamese (vi)". */
export function languageName(tag: string): string {
  const shipped = LANGUAGES.find((l) => l.tag === tag);
  if (shipped) return `${shipped.name} (${tag})`;
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** What is wrong with a `study.language` value, or undefined. */
export function languageProblem(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "")
    return "language must be a BCP 47 language tag such as en, vi or pt-BR";
  if (!canonicalTag(value)) return `language "${value}" is not a BCP 47 language tag`;
  return undefined;
}

/** The study's language (`study.language`), canonical; "en" when absent or not a tag. */
export function languageOf(study: Record<string, unknown>): string {
  const value = study.language;
  return typeof value === "string" ? (canonicalTag(value) ?? "en") : "en";
}

/** The study's own texts for its participants' pages (`study.participantTexts`), strings only. */
export function participantTextsOf(study: Record<string, unknown>): Record<string, string> {
  const value = study.participantTexts;
  const out: Record<string, string> = {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) return out;
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === "string" && text.trim() !== "") out[key] = text;
  }
  return out;
}
