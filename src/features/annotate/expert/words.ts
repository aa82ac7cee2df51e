// The expert screen's words that several of its parts share: a span's name, a time range that
// stays left to right inside right-to-left text, and numbers of seconds in the page's locale.
import type { IntlShape } from "react-intl";
import { formatTime } from "../../../audio/format.ts";
import { directionOf } from "../../../domain/i18n/languages.ts";
import type { ExpertSpan } from "./clipView.ts";

/** `text` kept left to right (Unicode isolates) when the page's language runs right to left. */
export function leftToRight(intl: IntlShape, text: string): string {
  return directionOf(intl.locale) === "rtl" ? `\u2066${text}\u2069` : text;
}

/**
 * The study's own words (a name, a sentence, an id) set apart from the message around them when
 * the page runs right to left, so an English name keeps its order inside Arabic text.
 */
export function isolated(intl: IntlShape, text: string): string {
  return directionOf(intl.locale) === "rtl" ? `\u2068${text}\u2069` : text;
}

/** A span's start and end as the waveform writes them (0:01.25), left to right in every language. */
export function timeRange(intl: IntlShape, start: number, end: number): Record<string, string> {
  return { start: leftToRight(intl, formatTime(start)), end: leftToRight(intl, formatTime(end)) };
}

/** "w1's span 0:01.20–0:02.00" in the page's language. */
export function spanName(
  intl: IntlShape,
  span: Pick<ExpertSpan, "annotatorId" | "start" | "end">,
): string {
  return intl.formatMessage(
    { id: "expert.screen.spanName" },
    { annotator: isolated(intl, span.annotatorId), ...timeRange(intl, span.start, span.end) },
  );
}

/** Seconds with two decimals in the page's locale: "0.42" (English), "0,42" (German). */
export function seconds(intl: IntlShape, value: number): string {
  return intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
