// The crowd annotator's screen for one study: which clip is open (`clip` in the URL, else the
// first one not finished yet), progress, navigation, and the finished screen at the end.
import { useLiveQuery } from "dexie-react-hooks";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import {
  getClipAudio,
  getStudy,
  listAllRegions,
  listClips,
  listSubmissions,
  studyText,
} from "../../db/repo.ts";
import { taskModule } from "../../domain/tasks/index.ts";
import { useT } from "../../lib/i18n.tsx";
import { annotatePath } from "../../lib/routes.ts";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { taskUi } from "../tasks/index.ts";
import { AudioCache } from "./audioCache.ts";
import { DownloadMyWork } from "./DownloadMyWork.tsx";
import { FinishedScreen } from "./FinishedScreen.tsx";
import { Instructions } from "./Instructions.tsx";
import { LowSpaceWarning } from "./LowSpaceWarning.tsx";
import type { ParticipantPlays } from "./plays.ts";
import { nextUnfinished } from "./progress.ts";
import { useClipAudio } from "./useClipAudio.ts";

const SECONDARY =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A participant of a server study (features/participate) sees the screen blind and forward
 * only: no annotator id, no clip list or Previous/Next (a finished clip is sent and final),
 * no download of their work (the server has it), and a clip is finished only once heard to
 * its end.
 */
export interface ParticipantMode {
  /** Clips the server already has from this participant (finished in another browser). */
  doneElsewhere: ReadonlySet<string>;
  /** Under the progress bar: how the sending goes. */
  status: ReactNode;
  /** In place of the finished screen, once every clip is finished. */
  end: ReactNode;
  /** A study with a play limit: each play is asked of the server as it starts. */
  plays?: ParticipantPlays;
}

export function CrowdScreen({
  studyId,
  annotatorId,
  participant,
}: {
  studyId: string;
  annotatorId: string;
  participant?: ParticipantMode;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const setHelpOpen = useAnnotateUi((s) => s.setHelpOpen);
  const study = useLiveQuery(() => getStudy(studyId).then((s) => s ?? null), [studyId]);
  useDocumentTitle(t(study === null ? "crowd.notFoundTitle" : "crowd.title"), study?.name);
  const clips = useLiveQuery(() => listClips(studyId), [studyId]);
  const submissions = useLiveQuery(
    () => listSubmissions(studyId, { annotatorId }),
    [studyId, annotatorId],
  );
  const [cache, setCache] = useState<AudioCache | null>(null);
  useEffect(() => {
    const c = new AudioCache((clipId) => getClipAudio(studyId, clipId));
    setCache(c);
    return () => c.dispose();
  }, [studyId]);

  const doneElsewhere = participant?.doneElsewhere;
  const finished = useMemo(
    () => new Set([...(submissions ?? []).map((s) => s.clipId), ...(doneElsewhere ?? [])]),
    [submissions, doneElsewhere],
  );
  const requested = participant ? null : params.get("clip");
  const index = useMemo(() => {
    if (!clips || !submissions) return -1;
    const asked = requested ? clips.findIndex((c) => c.id === requested) : -1;
    if (asked >= 0) return asked;
    return nextUnfinished(
      clips.map((c) => c.id),
      finished,
      -1,
    );
  }, [clips, submissions, requested, finished]);
  const clip = clips && index >= 0 ? clips[index] : undefined;
  const neighbours = useMemo(
    () =>
      clips ? [clips[index + 1]?.id, clips[index - 1]?.id].filter((x) => x !== undefined) : [],
    [clips, index],
  );
  const audio = useClipAudio(cache, clip, neighbours, study?.allowedAudioOrigins);

  // Spans per clip, for the finished screen's summary.
  const spanCounts = useLiveQuery(async () => {
    const counts = new Map<string, number>();
    for (const r of await listAllRegions(studyId)) {
      if (r.annotatorId === annotatorId) counts.set(r.clipId, (counts.get(r.clipId) ?? 0) + 1);
    }
    return counts;
  }, [studyId, annotatorId]);

  function goTo(clipId: string | null) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (clipId === null) next.delete("clip");
      else next.set("clip", clipId);
      return next;
    });
  }

  function hrefFor(clipId: string) {
    const next = new URLSearchParams(params);
    next.set("clip", clipId);
    return annotatePath(studyId, next);
  }

  if (
    study === undefined ||
    clips === undefined ||
    submissions === undefined ||
    spanCounts === undefined
  ) {
    return <p className="text-sm text-slate-500">{t("crowd.loading")}</p>;
  }
  if (study === null) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
      >
        {t("crowd.notFound", { id: studyId })}{" "}
        <Link href="/" className="underline">
          {t("crowd.backToStudies")}
        </Link>
      </div>
    );
  }
  if (clips.length === 0) {
    return <p className="text-sm text-slate-600">{t("crowd.noClips")}</p>;
  }

  // The study's task: its screen (marking spans on the waveform, or listening only) and whether
  // it is a blind test.
  const task = taskModule(study.extra);
  const ui = taskUi(task.id);
  // A comparison's trials are the server's to assign: the local link has none to show.
  if (ui.kind !== "clips") return <p className="text-sm text-slate-600">{t("crowd.noScreen")}</p>;
  const { Workspace, shortcutsDialog } = ui;

  const header = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{study.name}</h1>
        <p className="text-sm text-slate-600">
          {clip ? (
            <>
              <span className="font-medium text-slate-900">
                {t("crowd.clipOf", { n: index + 1, total: clips.length })}
              </span>
              {" · "}
            </>
          ) : null}
          {t("crowd.finishedOf", { done: finished.size, total: clips.length })}
          {!participant && (
            <>
              {" · "}
              {t("crowd.annotator")} <span className="font-mono">{annotatorId}</span>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {clip && !participant && (
          <nav aria-label={t("crowd.clipsNav")} className="flex gap-2">
            <button
              type="button"
              className={SECONDARY}
              disabled={index <= 0}
              onClick={() => goTo(clips[index - 1]?.id ?? null)}
            >
              {t("crowd.previous")}
            </button>
            <button
              type="button"
              className={SECONDARY}
              disabled={index >= clips.length - 1}
              onClick={() => goTo(clips[index + 1]?.id ?? null)}
            >
              {t("crowd.next")}
            </button>
          </nav>
        )}
        {clip && shortcutsDialog && (
          // The list of shortcuts, reachable without knowing "?" (as on the expert screen).
          // The rate and transcribe screens say their few keys under the clip instead.
          <button
            type="button"
            className={`${SECONDARY} pointer-coarse:hidden`}
            aria-keyshortcuts="?"
            onClick={() => setHelpOpen(true)}
          >
            {t("crowd.shortcuts")} <kbd className="ms-1 text-xs text-slate-400">?</kbd>
          </button>
        )}
        {clip && !participant && <DownloadMyWork studyId={studyId} annotatorId={annotatorId} />}
      </div>
    </div>
  );

  const progress = (
    <div
      className="mb-4 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      role="progressbar"
      aria-label={t("crowd.progress")}
      aria-valuemin={0}
      aria-valuemax={clips.length}
      aria-valuenow={finished.size}
    >
      <div
        className="h-full bg-slate-900"
        style={{ width: `${(finished.size / clips.length) * 100}%` }}
      />
    </div>
  );

  if (!clip && participant) {
    return (
      <>
        {header}
        {progress}
        {participant.end}
      </>
    );
  }
  if (!clip) {
    return (
      <>
        {header}
        {progress}
        <FinishedScreen
          studyId={studyId}
          annotatorId={annotatorId}
          clips={clips}
          submissions={submissions}
          spanCounts={spanCounts}
          hrefFor={hrefFor}
          task={task.id}
        />
      </>
    );
  }

  return (
    <>
      {header}
      {progress}
      {participant ? (
        participant.status
      ) : (
        <LowSpaceWarning studyId={studyId} annotatorId={annotatorId} finished={finished.size} />
      )}
      <Instructions text={studyText(study, "instructions")} title={t("crowd.instructions")} />
      <Workspace
        key={clip.id}
        study={study}
        clip={clip}
        annotatorId={annotatorId}
        audio={audio}
        submission={submissions.find((s) => s.clipId === clip.id)}
        requireHeardToEnd={participant !== undefined}
        {...(participant?.plays
          ? {
              plays: {
                used: participant.plays.used.get(clip.id) ?? 0,
                request: () => (participant.plays as ParticipantPlays).request(clip.id),
              },
            }
          : {})}
        // A blind test (rate, transcribe) is blind on the local link too: "Clip 3".
        title={participant || task.blind ? t("clip.title", { n: index + 1 }) : clip.name}
        onPrevious={
          index > 0 && !participant ? () => goTo(clips[index - 1]?.id ?? null) : undefined
        }
        onNext={
          index < clips.length - 1 && !participant
            ? () => goTo(clips[index + 1]?.id ?? null)
            : undefined
        }
        onFinished={() => {
          const done = new Set(finished).add(clip.id);
          const next = nextUnfinished(
            clips.map((c) => c.id),
            done,
            index,
          );
          if (participant) return; // the next unfinished clip opens by itself
          goTo(next >= 0 ? (clips[next]?.id ?? null) : null);
        }}
      />
    </>
  );
}
