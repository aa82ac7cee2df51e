// Shown when every clip of the study has a submission from this annotator, in the page's
// language (the local crowd link follows the study's).
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { formatTime } from "../../audio/format.ts";
import { Table, Td, Th } from "../../components/Table.tsx";
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
      <Table
        className="mt-6 w-full text-left text-sm"
        headClassName="border-b border-slate-200 text-slate-500"
        headRow="bare"
        th="py-2 font-medium"
        td="py-1.5"
        head={
          <>
            <Th>#</Th>
            <Th>{t("finished.clip")}</Th>
            {holds.spans && <Th>{t("finished.spanCount")}</Th>}
            {holds.rating && <Th>{t("finished.rating")}</Th>}
            {holds.transcript && <Th>{t("listen.typed")}</Th>}
            <Th>
              <span className="sr-only">{t("finished.open")}</span>
            </Th>
          </>
        }
      >
        {clips.map((c, i) => (
          <tr key={c.id} className="border-b border-slate-100">
            <Td className="text-slate-500 tabular-nums">{i + 1}</Td>
            <Td className="text-slate-900" dir="auto">
              {nameOf(c, i)}
            </Td>
            {holds.spans && <Td className="tabular-nums">{spanCounts.get(c.id) ?? 0}</Td>}
            {holds.rating && <Td className="tabular-nums">{byClip.get(c.id)?.score ?? "—"}</Td>}
            {holds.transcript && (
              <Td className="break-words text-slate-900" dir="auto">
                {byClip.get(c.id)?.transcript ?? "—"}
              </Td>
            )}
            <Td className="text-right">
              <Link
                href={hrefFor(c.id)}
                className="text-sm text-slate-700 underline hover:text-slate-900"
                aria-label={t("finished.openClip", { n: i + 1, name: nameOf(c, i) })}
              >
                {t("finished.open")}
              </Link>
            </Td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
