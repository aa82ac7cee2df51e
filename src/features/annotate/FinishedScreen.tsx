// Shown when every clip of the study has a submission from this annotator, in the page's
// language (the local crowd link follows the study's).
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { formatTime } from "../../audio/format.ts";
import type { ClipRecord, SubmissionRecord } from "../../db/repo.ts";
import type { StudyTask } from "../../domain/interchange/types.ts";
import { DEFAULT_TASK, moduleOf } from "../../domain/tasks/index.ts";
import { useIntlShape, useT } from "../../lib/i18n.tsx";
import { DownloadMyWork } from "./DownloadMyWork.tsx";

export function FinishedScreen({
  studyId,
  annotatorId,
  clips,
  submissions,
  spanCounts,
  hrefFor,
  task = DEFAULT_TASK,
}: {
  studyId: string;
  annotatorId: string;
  clips: readonly ClipRecord[];
  submissions: readonly SubmissionRecord[];
  spanCounts: ReadonlyMap<string, number>;
  /** Where the link to reopen a clip goes. */
  hrefFor(clipId: string): string;
  /** The study's task: what its submissions hold, and whether it is blind. */
  task?: StudyTask;
}) {
  const { holds, blind } = moduleOf(task);
  const nameOf = (c: ClipRecord, i: number) => (blind ? t("clip.title", { n: i + 1 }) : c.name);
  const t = useT();
  const intl = useIntlShape();
  const byClip = new Map(submissions.map((s) => [s.clipId, s]));
  const totalSpans = [...spanCounts.values()].reduce((a, b) => a + b, 0);
  const rated = submissions.filter((s) => typeof s.score === "number");
  const meanRating =
    rated.length === 0 ? null : rated.reduce((a, s) => a + (s.score ?? 0), 0) / rated.length;
  const seconds = submissions.reduce((a, s) => a + (s.seconds ?? 0), 0);
  const withSpans = clips.filter((c) => (spanCounts.get(c.id) ?? 0) > 0).length;
  // Finishing the last clip removes the button that had focus: bring a keyboard user to the
  // thank-you heading instead of leaving focus on the page body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) headingRef.current?.focus();
  }, []);

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {t("finished.title", { total: clips.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("finished.saved")}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-slate-50 p-4">
        <DownloadMyWork studyId={studyId} annotatorId={annotatorId} variant="primary" />
        <p className="text-sm text-slate-700">{t("finished.send")}</p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        {holds.spans && (
          <>
            <div>
              <dt className="text-slate-500">{t("finished.spans")}</dt>
              <dd className="text-lg font-semibold text-slate-900">{totalSpans}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("finished.clipsWithSpans")}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {t("finished.nOfTotal", { n: withSpans, total: clips.length })}
              </dd>
            </div>
          </>
        )}
        {holds.rating && (
          <div>
            <dt className="text-slate-500">{t("finished.meanRating")}</dt>
            <dd className="text-lg font-semibold text-slate-900">
              {meanRating === null
                ? "—"
                : intl.formatNumber(meanRating, {
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  })}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-500">{t("finished.activeTime")}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {formatTime(seconds).slice(0, -3)}
          </dd>
        </div>
      </dl>
      <table className="mt-6 w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th className="py-2 font-medium">#</th>
            <th className="py-2 font-medium">{t("finished.clip")}</th>
            {holds.spans && <th className="py-2 font-medium">{t("finished.spanCount")}</th>}
            {holds.rating && <th className="py-2 font-medium">{t("finished.rating")}</th>}
            {holds.transcript && <th className="py-2 font-medium">{t("listen.typed")}</th>}
            <th className="py-2 font-medium">
              <span className="sr-only">{t("finished.open")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {clips.map((c, i) => (
            <tr key={c.id} className="border-b border-slate-100">
              <td className="py-1.5 text-slate-500 tabular-nums">{i + 1}</td>
              <td className="py-1.5 text-slate-900" dir="auto">
                {nameOf(c, i)}
              </td>
              {holds.spans && <td className="py-1.5 tabular-nums">{spanCounts.get(c.id) ?? 0}</td>}
              {holds.rating && (
                <td className="py-1.5 tabular-nums">{byClip.get(c.id)?.score ?? "—"}</td>
              )}
              {holds.transcript && (
                <td className="py-1.5 break-words text-slate-900" dir="auto">
                  {byClip.get(c.id)?.transcript ?? "—"}
                </td>
              )}
              <td className="py-1.5 text-right">
                <Link
                  href={hrefFor(c.id)}
                  className="text-sm text-slate-700 underline hover:text-slate-900"
                  aria-label={t("finished.openClip", { n: i + 1, name: nameOf(c, i) })}
                >
                  {t("finished.open")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
