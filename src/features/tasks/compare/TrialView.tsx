// One trial of a paired comparison (a compare study's pair, or a pair of the natural-pairs
// pre-test of any study): two samples labelled by their position only ("Sample 1", "Sample 2"),
// each played through an <audio> element once the server counted the play (`requestPlay`),
// both heard to their end before an answer; then the A/B choice (with "No difference" when the
// study allows it) or the seven CCR labels of ITU-T P.808 (the second sample compared with the
// first: "Much worse" −3 … "Much better" +3). A view pair's sides are one recording: each shows
// its waveform with its highlighted bins shaded. Nothing here knows a system, clip or text.
// Keys (said under the answer): Space plays the next sample or stops the one playing; 1 / 2
// choose that sample and 0 "No difference" (A/B), 1–7 the CCR labels in order; Enter confirms.
// In a right-to-left language the samples sit right to left, still numbered and in one list.

import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Waveform } from "../../../audio/Waveform.tsx";
import type { MessageId } from "../../../domain/i18n/catalogue.ts";
import { errorMessage } from "../../../domain/util/errorText.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import { inputType, isActivatedByKey, isTypingTarget } from "../../../lib/keyActions.ts";
import type { PlayAnswer } from "../../annotate/plays.ts";
import { useWaveformWords } from "../../annotate/waveformWords.ts";
import { binSpans } from "./bins.ts";

/** A sample by the order the participant meets it. */
export type Side = 1 | 2;
export type PairScale = "ab" | "ccr";

/** One side of a trial as the participant's screen gets it: its length, a view's bins. */
export interface TrialSide {
  duration: number;
  /** A view pair: the indices of this side's highlighted bins (of `binSeconds`). */
  bins?: readonly number[];
}

/** What the participant answered, and how: the judgment's body without its ids. */
export interface TrialAnswer {
  /** A/B: the sample preferred, by the order played, or "same". */
  choice?: "1" | "2" | "same";
  /** CCR: how much better the second sample is than the first, −3 … 3. */
  score?: number;
  heardToEnd: boolean;
  /** From the trial's showing to the answer. */
  seconds: number;
  /** Plays started here, per side (the server counts its own). */
  playCounts: [number, number];
}

/** The seven labels of P.808's comparison category rating, in order, with their scores. */
export const CCR_LABELS: readonly { score: number; label: MessageId }[] = [
  { score: -3, label: "pair.ccr.m3" },
  { score: -2, label: "pair.ccr.m2" },
  { score: -1, label: "pair.ccr.m1" },
  { score: 0, label: "pair.ccr.0" },
  { score: 1, label: "pair.ccr.p1" },
  { score: 2, label: "pair.ccr.p2" },
  { score: 3, label: "pair.ccr.p3" },
];

/** An answer on the screen: A/B "1", "2", "same"; CCR the score as text ("-3" … "3"). */
export type AnswerValue = string;

/** The judgment an answer stands for. */
export function answerOf(
  scale: PairScale,
  value: AnswerValue,
): Pick<TrialAnswer, "choice" | "score"> {
  if (scale === "ccr") return { score: Number(value) };
  return { choice: value as "1" | "2" | "same" };
}

/** The answer a key chooses (1 / 2 / 0 on A/B, 1–7 on CCR), or null. */
export function keyAnswer(scale: PairScale, allowSame: boolean, key: string): AnswerValue | null {
  if (scale === "ccr") {
    const n = /^[1-7]$/.test(key) ? Number(key) : 0;
    return n > 0 ? String((CCR_LABELS[n - 1] as { score: number }).score) : null;
  }
  if (key === "1" || key === "2") return key;
  return key === "0" && allowSame ? "same" : null;
}

export interface TrialViewProps {
  /** The heading ("Pair 3 of 10"); focused when the trial opens, for screen readers. */
  title: string;
  sides: readonly [TrialSide, TrialSide];
  /** Each side's audio (an object URL), undefined while it loads. */
  audio: readonly [string | undefined, string | undefined];
  scale: PairScale;
  allowSame: boolean;
  /** The study's question; the default one of its scale otherwise. */
  question?: string | undefined;
  /** The study's bin width, for a view pair's bins. */
  binSeconds: number;
  /** The last trial of its stage: "Finish" instead of "Next pair". */
  last: boolean;
  /** Asks the server to count a play of `side`; the sample plays once it said yes. */
  requestPlay(side: Side): Promise<PlayAnswer>;
  /** Stores the answer (then the next trial opens); a failure is shown. */
  onAnswer(answer: TrialAnswer): Promise<void>;
}

const PLAY =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
const PRIMARY =
  "rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50";
const HIGHLIGHT = "#dc2626";

export function TrialView(props: TrialViewProps) {
  const { sides, audio, scale, allowSame, requestPlay, onAnswer } = props;
  const t = useT();
  const intl = useIntlShape();
  const audios = useRef<[HTMLAudioElement | null, HTMLAudioElement | null]>([null, null]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  const shownAt = useRef(Date.now());
  const lastPlayed = useRef<Side | null>(null);
  const [playing, setPlaying] = useState<Side | null>(null);
  const [heard, setHeard] = useState<[boolean, boolean]>([false, false]);
  const [plays, setPlays] = useState<[number, number]>([0, 0]);
  const [asking, setAsking] = useState(false);
  const [value, setValue] = useState<AnswerValue | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [sending, setSending] = useState(false);
  const name = useId();
  const hintId = useId();
  const problemId = useId();
  const bothHeard = heard[0] && heard[1];
  const views = sides.some((s) => s.bins !== undefined);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Each sample's element: playing, stopped, heard to its end.
  useEffect(() => {
    const offs = audios.current.map((el, i) => {
      if (!el) return () => undefined;
      const side = (i + 1) as Side;
      const onPlay = () => setPlaying(side);
      const onPause = () => setPlaying((p) => (p === side ? null : p));
      const onEnded = () => {
        setPlaying((p) => (p === side ? null : p));
        el.currentTime = 0;
        setHeard((h) => (side === 1 ? [true, h[1]] : [h[0], true]));
        setStatus(`${t("pair.sample", { n: side })}: ${t("pair.heard")}`);
      };
      el.addEventListener("play", onPlay);
      el.addEventListener("pause", onPause);
      el.addEventListener("ended", onEnded);
      return () => {
        el.removeEventListener("play", onPlay);
        el.removeEventListener("pause", onPause);
        el.removeEventListener("ended", onEnded);
        el.pause();
      };
    });
    return () => {
      for (const off of offs) off();
    };
  }, [t]);

  const stop = useCallback((side: Side) => {
    const el = audios.current[side - 1];
    if (!el) return;
    el.pause();
    el.currentTime = 0;
  }, []);

  /** Plays `side` from its start (stopping the other), or stops it when it is playing. */
  const toggle = useCallback(
    async (side: Side) => {
      if (asking) return;
      if (playing === side) {
        stop(side);
        return;
      }
      const el = audios.current[side - 1];
      if (!el || audio[side - 1] === undefined) return;
      stop(side === 1 ? 2 : 1);
      setAsking(true);
      const answer = await requestPlay(side);
      setAsking(false);
      if (!answer.ok) {
        if (answer.reason === "offline") setProblem(t("pair.playNeedsServer"));
        else if (answer.reason === "spent") setProblem(t("listen.noPlaysLeft"));
        else if (answer.reason === "refused") setProblem(answer.message);
        return;
      }
      setProblem(null);
      el.currentTime = 0;
      try {
        await el.play();
      } catch (e) {
        setProblem(errorMessage(e));
        return;
      }
      lastPlayed.current = side;
      setPlays((p) => (side === 1 ? [p[0] + 1, p[1]] : [p[0], p[1] + 1]));
    },
    [asking, playing, audio, requestPlay, stop, t],
  );

  /** Space: stops the sample playing, else plays the first not heard, else the other one. */
  const playNext = useCallback(() => {
    if (playing !== null) {
      stop(playing);
      return;
    }
    const next: Side = !heard[0] ? 1 : !heard[1] ? 2 : lastPlayed.current === 1 ? 2 : 1;
    void toggle(next);
  }, [playing, heard, stop, toggle]);

  /** Chooses an answer; false (and why, said) before both samples were heard. */
  const choose = useCallback(
    (v: AnswerValue) => {
      if (!bothHeard) {
        setStatus(t("pair.playBoth"));
        return false;
      }
      setValue(v);
      setProblem(null);
      return true;
    },
    [bothHeard, t],
  );

  const confirm = useCallback(async () => {
    if (sending) return;
    if (!bothHeard) {
      setStatus(t("pair.playBoth"));
      return;
    }
    if (value === null) {
      setProblem(t("pair.chooseFirst"));
      return;
    }
    if (playing !== null) stop(playing);
    setSending(true);
    try {
      await onAnswer({
        ...answerOf(scale, value),
        heardToEnd: true,
        seconds: Math.round((Date.now() - shownAt.current) / 100) / 10,
        playCounts: plays,
      });
    } catch (e) {
      setSending(false);
      setProblem(errorMessage(e));
    }
  }, [sending, bothHeard, value, playing, stop, onAnswer, scale, plays, t]);

  // A layout effect: the keys are listened for from the moment the pair is shown (a passive
  // effect runs after the browser paints, and a key pressed in between would be lost).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.repeat) return;
      if (isTypingTarget(e.target)) return;
      // A focused button takes Space and Enter itself (it is pressed); the digits choose.
      if ((e.key === " " || e.key === "Enter") && isActivatedByKey(e.target)) return;
      if (e.key === " ") {
        // A focused answer keeps Space: it chooses it.
        if (inputType(e.target) === "radio") return;
        e.preventDefault();
        playNext();
      } else if (e.key === "Enter") {
        e.preventDefault();
        void confirm();
      } else {
        const v = keyAnswer(scale, allowSame, e.key);
        if (v === null) return;
        e.preventDefault();
        // The chosen answer takes focus: a screen reader says it, and Enter then confirms.
        if (choose(v))
          optionsRef.current?.querySelector<HTMLInputElement>(`input[value="${v}"]`)?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [playNext, confirm, choose, scale, allowSame]);

  const options = useMemo(
    () =>
      scale === "ccr"
        ? CCR_LABELS.map((c, i) => ({
            value: String(c.score),
            label: t(c.label),
            key: intl.formatNumber(i + 1),
          }))
        : [
            { value: "1", label: t("pair.sample", { n: 1 }), key: intl.formatNumber(1) },
            { value: "2", label: t("pair.sample", { n: 2 }), key: intl.formatNumber(2) },
            ...(allowSame
              ? [{ value: "same", label: t("pair.same"), key: intl.formatNumber(0) }]
              : []),
          ],
    [scale, allowSame, t, intl],
  );
  const question =
    props.question?.trim() || t(scale === "ccr" ? "pair.question.ccr" : "pair.question.ab");
  const keysHelp = t(
    scale === "ccr" ? "pair.keys.ccr" : allowSame ? "pair.keys.abSame" : "pair.keys.ab",
  );

  return (
    <section className="mx-auto grid max-w-3xl gap-4 *:min-w-0" aria-labelledby={`${name}-h`}>
      <h2
        id={`${name}-h`}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 outline-none"
      >
        {props.title}
      </h2>
      {views && <p className="text-sm text-slate-700">{t("pair.views")}</p>}
      <ol
        className={`grid gap-3 ${views ? "grid-cols-1 sm:grid-cols-2" : "grid-cols-2"}`}
        aria-label={question}
      >
        {([1, 2] as const).map((side) => {
          const s = sides[side - 1] as TrialSide;
          const src = audio[side - 1];
          const isHeard = heard[side - 1];
          return (
            <li
              key={side}
              aria-labelledby={`${name}-s${side}`}
              className={`rounded-lg border bg-white p-3 shadow-sm sm:p-4 ${
                playing === side ? "border-slate-900 ring-2 ring-slate-900" : "border-slate-200"
              }`}
            >
              <h3
                id={`${name}-s${side}`}
                className="flex items-center gap-2 text-base font-semibold text-slate-900"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-900 text-lg text-white tabular-nums"
                >
                  {intl.formatNumber(side)}
                </span>
                {t("pair.sample", { n: side })}
              </h3>
              {/* biome-ignore lint/a11y/useMediaCaption: the sample is the speech being judged; a caption would give it away */}
              <audio
                ref={(el) => {
                  audios.current[side - 1] = el;
                }}
                src={src}
                preload="auto"
              />
              {s.bins !== undefined && src !== undefined && (
                <SideWaveform side={side} src={src} data={s} binSeconds={props.binSeconds} />
              )}
              <div className="mt-3 grid gap-2">
                <button
                  type="button"
                  className={PLAY}
                  onClick={() => void toggle(side)}
                  disabled={src === undefined || (asking && playing !== side)}
                >
                  {playing === side ? t("pair.stop", { n: side }) : t("pair.play", { n: side })}
                </button>
                <p
                  className={`text-xs ${isHeard ? "font-medium text-emerald-800" : "text-slate-600"}`}
                >
                  {src === undefined
                    ? t("listen.loading")
                    : isHeard
                      ? `✓ ${t("pair.heard")}`
                      : t("pair.notHeard")}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <fieldset
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-describedby={!bothHeard ? hintId : problem ? problemId : undefined}
      >
        <legend className="float-start mb-2 w-full text-sm font-semibold text-slate-900">
          {question}
          {/* The study's own question: the scale's direction said under it. */}
          {scale === "ccr" && props.question?.trim() && (
            <span className="mt-1 block font-normal text-slate-600">{t("pair.ccr.legend")}</span>
          )}
        </legend>
        <div
          ref={optionsRef}
          className={`clear-both grid gap-2 ${
            scale === "ccr"
              ? "grid-cols-1 sm:grid-cols-7"
              : allowSame
                ? "grid-cols-3"
                : "grid-cols-2"
          }`}
        >
          {options.map((o) => (
            <label
              key={o.value}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-2 py-2 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-50 ${
                scale === "ccr" ? "sm:flex-col sm:text-center" : "justify-center"
              } ${
                value === o.value
                  ? "border-slate-900 bg-slate-100 font-medium"
                  : "border-slate-300 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                disabled={!bothHeard || sending}
                onChange={() => choose(o.value)}
                aria-keyshortcuts={o.key}
                className="accent-slate-900"
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <button
          type="button"
          className={PRIMARY}
          onClick={() => void confirm()}
          disabled={!bothHeard || sending}
          aria-describedby={!bothHeard ? hintId : undefined}
          aria-keyshortcuts="Enter"
        >
          {t(props.last ? "pair.finish" : "pair.next")}
        </button>
        {!bothHeard && (
          <p id={hintId} className="text-sm text-slate-600">
            {t("pair.playBoth")}
          </p>
        )}
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
          {status}
        </p>
        <p className="text-sm text-slate-500 pointer-coarse:hidden">{keysHelp}</p>
      </div>
    </section>
  );
}

/** A view pair's side: its recording's waveform with its highlighted bins shaded. */
function SideWaveform({
  side,
  src,
  data: s,
  binSeconds,
}: {
  side: Side;
  src: string;
  data: TrialSide;
  binSeconds: number;
}) {
  const t = useT();
  const words = useWaveformWords();
  const spans = useMemo(
    () =>
      binSpans(s.bins ?? [], binSeconds, s.duration).map((b, i) => ({
        id: `b${i}`,
        start: b.start,
        end: b.end,
        color: HIGHLIGHT,
        editable: false,
      })),
    [s, binSeconds],
  );
  return (
    // A picture of the sample: it plays from the button, not from the waveform.
    <div className="pointer-events-none mt-3">
      <Waveform
        audio={src}
        name={t("pair.waveform", { n: side })}
        words={words}
        spans={spans}
        height={64}
      />
      {spans.length === 0 && <p className="mt-1 text-xs text-slate-600">{t("pair.noHighlight")}</p>}
    </div>
  );
}
