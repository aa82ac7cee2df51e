// The pairs a participant judges, one stage at a time (docs/server.md, "Paired comparisons"):
// the natural-pairs pre-test of any study that has one (A/B, no "No difference", after the
// headphone check and before the main task), or a compare study's main trials. One trial at a
// time (the task's trial screen, features/tasks), "Pair 3 of 10" and how many are answered;
// each answer is kept in this browser first and sent by the outbox (same retries, same client
// id). At the stage's end: the pre-test waits for the server's verdict (the page then goes on,
// or shows the screened-out code); the main trials end on the end screen.
import { type ReactNode, useEffect, useState } from "react";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { getClipAudio, type Participation, type StudyRecord } from "../../db/repo.ts";
import type { TrialStage } from "../../domain/collection/protocol.ts";
import { useT } from "../../lib/i18n.tsx";
import { type PairScale, TrialView } from "../tasks/index.ts";
import type { OutboxStatus } from "./outbox.ts";
import { isJudged, recordJudgment, trialClipId } from "./participation.ts";
import type { TrialPlayGate } from "./playGate.ts";
import { ANSWERS, SendStatus } from "./SendStatus.tsx";

/** A compare study's scale as its local copy keeps it (the server's `study.comparison`). */
export function comparisonOf(extra: Readonly<Record<string, unknown>>): {
  scale: PairScale;
  allowSame: boolean;
  question?: string;
} {
  const c = extra.comparison as
    | { scale?: unknown; allowSame?: unknown; question?: unknown }
    | undefined;
  return {
    scale: c?.scale === "ccr" ? "ccr" : "ab",
    allowSame: c?.allowSame !== false,
    ...(typeof c?.question === "string" && c.question.trim() !== ""
      ? { question: c.question }
      : {}),
  };
}

/** Both samples of a trial as object URLs, from this browser's copy (undefined while read). */
function useSamples(localId: string, stage: TrialStage, position: number | undefined) {
  const [urls, setUrls] = useState<[string | undefined, string | undefined]>([
    undefined,
    undefined,
  ]);
  useEffect(() => {
    setUrls([undefined, undefined]);
    if (position === undefined) return;
    let cancelled = false;
    const made: string[] = [];
    void Promise.all(
      ([1, 2] as const).map((side) => getClipAudio(localId, trialClipId(stage, position, side))),
    ).then(([one, two]) => {
      if (cancelled) return;
      const url = (blob: Blob | undefined) => {
        if (!blob) return undefined;
        const u = URL.createObjectURL(blob);
        made.push(u);
        return u;
      };
      setUrls([url(one), url(two)]);
    });
    return () => {
      cancelled = true;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [localId, stage, position]);
  return urls;
}

export function TrialsStep({
  localId,
  study,
  participation: p,
  stage,
  status,
  gate,
  onAnswered,
  onRetry,
  end,
}: {
  localId: string;
  study: StudyRecord;
  participation: Participation;
  stage: TrialStage;
  status: OutboxStatus;
  gate: TrialPlayGate;
  /** An answer is kept here: send it. */
  onAnswered(): void;
  onRetry(): void;
  /** The main trials' end (the end screen). */
  end: ReactNode;
}) {
  const t = useT();
  const trials = p.trials?.[stage] ?? [];
  const total = trials.length;
  const answered = trials.filter((trial) => isJudged(p, stage, trial.position)).length;
  const index = trials.findIndex((trial) => !isJudged(p, stage, trial.position));
  const trial = index >= 0 ? trials[index] : undefined;
  const audio = useSamples(localId, stage, trial?.position);
  const pretest = stage === "pretest";
  useDocumentTitle(pretest ? t("pretest.title") : study.name);
  // The pre-test asks which sounds more natural, never "no difference"; the main trials ask the
  // study's question on its scale.
  const design = pretest ? { scale: "ab" as const, allowSame: false } : comparisonOf(study.extra);

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-4">
        <h1 className="text-xl font-semibold text-slate-900">
          {pretest ? t("pretest.title") : study.name}
        </h1>
        {pretest && (
          <p className="mt-2 max-w-2xl text-slate-700">{t("pretest.intro", { total })}</p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          {t("pair.answered", { done: answered, total })}
        </p>
      </div>
      <div
        className="mb-4 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t("crowd.progress")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
      >
        <div
          className="h-full bg-slate-900"
          style={{ width: `${total > 0 ? (answered / total) * 100 : 0}%` }}
        />
      </div>
      {trial ? (
        <>
          <SendStatus status={status} onRetry={onRetry} unit={ANSWERS} />
          <TrialView
            key={`${stage}-${trial.position}`}
            title={t("pair.title", { n: index + 1, total })}
            sides={trial.sides}
            audio={audio}
            scale={design.scale}
            allowSame={design.allowSame}
            question={"question" in design ? design.question : undefined}
            binSeconds={study.binSeconds}
            last={index === total - 1}
            requestPlay={(side) => gate.request(stage, trial.position, side)}
            onAnswer={async (answer) => {
              await recordJudgment(localId, stage, trial.position, {
                ...(answer.choice !== undefined ? { choice: answer.choice } : {}),
                ...(answer.score !== undefined ? { score: answer.score } : {}),
                heardToEnd: answer.heardToEnd,
                seconds: answer.seconds,
              });
              onAnswered();
            }}
          />
        </>
      ) : pretest ? (
        // Every answer given: the server scores the pre-test once it has them all.
        <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">{t("pretest.sending")}</p>
          <div className="mt-4">
            <SendStatus status={status} onRetry={onRetry} unit={ANSWERS} />
          </div>
        </section>
      ) : (
        end
      )}
    </div>
  );
}
