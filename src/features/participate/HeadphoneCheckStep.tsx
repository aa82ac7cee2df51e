// The headphone check (domain/collection/headphoneCheck.ts) before the clips: each trial plays three
// sounds through Web Audio, then asks which one was the odd one out (Huggins: the one with a
// faint tone; antiphase: the quietest). The server makes the sounds (from a secret only it
// holds) and scores the choices the page sends: the page never knows the answers. A
// participant who fails ends with the study's "screened out" code instead of clips.
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import type { ScreeningConfig, ScreeningTest } from "../../domain/collection/screening.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { useT } from "../../lib/i18n.tsx";

/** Plays the sounds one after another; resolves when the last has ended. */
async function playAll(
  context: AudioContext,
  sounds: readonly AudioBuffer[],
  onSound: (i: number) => void,
): Promise<void> {
  if (context.state === "suspended") await context.resume();
  const gap = 0.5;
  let at = context.currentTime + 0.1;
  const ends: Promise<void>[] = [];
  sounds.forEach((buffer, i) => {
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    const startAt = at;
    window.setTimeout(() => onSound(i), Math.max(0, (startAt - context.currentTime) * 1000));
    node.start(startAt);
    ends.push(new Promise((resolve) => node.addEventListener("ended", () => resolve())));
    at += buffer.duration + gap;
  });
  await Promise.all(ends);
}

export function HeadphoneCheckStep({
  config,
  loadSound,
  onDone,
}: {
  config: ScreeningConfig & { test: ScreeningTest };
  /** The server's WAV of one sound (0–2) of one round (from 0) of this participant's check. */
  loadSound(round: number, sound: number): Promise<Blob>;
  onDone(result: { test: ScreeningTest; choices: number[] }): void;
}) {
  const t = useT();
  const id = useId();
  const context = useRef<AudioContext | null>(null);
  const [trial, setTrial] = useState(-1); // -1: the introduction
  const [playing, setPlaying] = useState<number | null>(null);
  const [heard, setHeard] = useState(false);
  const [choice, setChoice] = useState<number | null>(null);
  const [choices, setChoices] = useState<number[]>([]);
  const sounds = useRef(new Map<number, AudioBuffer[]>());
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(
    () => () => {
      void context.current?.close();
    },
    [],
  );

  const play = async () => {
    try {
      context.current ??= new AudioContext();
      const ctx = context.current;
      setFailure(null);
      let round = sounds.current.get(trial);
      if (!round) {
        round = await Promise.all(
          [0, 1, 2].map(async (i) =>
            ctx.decodeAudioData(await (await loadSound(trial, i)).arrayBuffer()),
          ),
        );
        sounds.current.set(trial, round);
      }
      setPlaying(0);
      await playAll(ctx, round, setPlaying);
      setHeard(true);
    } catch (e) {
      setFailure(t("hp.cannotPlay", { reason: errorMessage(e) }));
    } finally {
      setPlaying(null);
    }
  };

  const next = () => {
    if (choice === null) return;
    const all = [...choices, choice];
    if (trial + 1 >= config.trials) {
      onDone({ test: config.test, choices: all });
      return;
    }
    setChoices(all);
    setTrial(trial + 1);
    setHeard(false);
    setChoice(null);
  };

  if (trial < 0) {
    return (
      <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{t("hp.title")}</h1>
        <p className="mt-3 text-slate-800">{t(`hp.intro.${config.test}`)}</p>
        <p className="mt-2 text-sm text-slate-600">{t("hp.rounds", { trials: config.trials })}</p>
        <Button variant="primary" className="mt-5" onClick={() => setTrial(0)}>
          {t("hp.start")}
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id={`${id}-h`} className="text-xl font-semibold text-slate-900">
        {t("hp.round", { n: trial + 1, total: config.trials })}
      </h1>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant={heard ? "secondary" : "primary"}
          disabled={playing !== null}
          onClick={() => void play()}
        >
          {t(heard ? "hp.playAgain" : "hp.play")}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {playing !== null ? t("hp.playing", { n: playing + 1, total: 3 }) : ""}
        </p>
      </div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {failure}
        </p>
      )}
      <fieldset className="mt-4" disabled={!heard}>
        <legend className="text-sm font-medium text-slate-800">
          {t(`hp.question.${config.test}`)}
        </legend>
        <div className="mt-2 flex gap-3">
          {[0, 1, 2].map((i) => (
            <label
              key={i}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${
                choice === i ? "border-slate-900 bg-slate-50" : "border-slate-300"
              }`}
            >
              <input
                type="radio"
                name={`${id}-choice`}
                checked={choice === i}
                onChange={() => setChoice(i)}
              />
              {t("hp.sound", { n: i + 1 })}
            </label>
          ))}
        </div>
      </fieldset>
      <Button variant="primary" className="mt-5" disabled={choice === null} onClick={next}>
        {t(trial + 1 >= config.trials ? "hp.finish" : "hp.next")}
      </Button>
    </section>
  );
}

export function ScreenedOut({
  code,
  url,
  by = "headphones",
}: {
  code?: string | undefined;
  url?: string | undefined;
  /** Which test ended the study: the headphone check or the listening pre-test. */
  by?: "headphones" | "pretest";
}) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{t("screened.title")}</h1>
      <p className="mt-3 text-slate-800">
        {t(by === "pretest" ? "pretest.screened" : "screened.body")}
      </p>
      {code && (
        <>
          <p className="mt-4 text-sm font-medium text-slate-600">{t("screened.code")}</p>
          <p
            data-testid="screened-out-code"
            className="mt-1 inline-block select-all rounded-md border border-slate-300 bg-slate-50 px-4 py-2 font-mono text-2xl tracking-wider"
          >
            {code}
          </p>
        </>
      )}
      {url && (
        <p className="mt-4">
          <a href={url} rel="noreferrer" className="underline">
            {t("screened.back")}
          </a>
        </p>
      )}
    </section>
  );
}
