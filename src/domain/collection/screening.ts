// The study's headphone check settings (`study.screening`) and its pass rule, apart from the
// stimuli (headphoneCheck.ts, which need an FFT): the study page, the server and the report
// read these without loading the sound generator.
import type { ScreeningResult } from "../interchange/types.ts";

/** The headphone checks (the natural-pairs pre-test is `study.qualification`, not a check). */
export type ScreeningTest = Exclude<ScreeningResult["test"], "natural-pairs">;

export interface ScreeningConfig {
  test: ScreeningTest | "off";
  trials: number;
  /** Correct answers needed to pass. */
  passAt: number;
}

export const NO_SCREENING: ScreeningConfig = { test: "off", trials: 6, passAt: 5 };

/** The study's screening (`study.screening`), off unless well-formed. */
export function screeningOf(study: Record<string, unknown>): ScreeningConfig {
  const raw = study.screening as Partial<ScreeningConfig> | undefined;
  if (typeof raw !== "object" || raw === null) return NO_SCREENING;
  const test = raw.test === "huggins" || raw.test === "antiphase" ? raw.test : "off";
  const trials =
    Number.isInteger(raw.trials) && (raw.trials as number) >= 1 && (raw.trials as number) <= 20
      ? (raw.trials as number)
      : 6;
  const passAt =
    Number.isInteger(raw.passAt) && (raw.passAt as number) >= 0 && (raw.passAt as number) <= trials
      ? (raw.passAt as number)
      : Math.min(5, trials);
  return { test, trials, passAt };
}

/** Whether a result passes the study's screening (the server decides with this, not the page). */
export function screeningPassed(config: ScreeningConfig, correct: number): boolean {
  return correct >= config.passAt;
}
