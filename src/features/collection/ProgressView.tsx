// The live progress of a published study: who took part, by status and by their platform id,
// the clips given to people still in the study or finished (a returned participant's are not
// counted as theirs), each person's reference-clip check, and withdrawing a participant.
import { useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Table, Td, Th } from "../../components/Table.tsx";
import type { StudyProgress, WithdrawResult } from "../../domain/collection/protocol.ts";
import { withdrawnParts, workOf } from "../../domain/collection/withdrawal.ts";
import type { ParticipantStatus, StudyTask } from "../../domain/interchange/types.ts";
import { REFERENCE_FLAG_THRESHOLD } from "../../domain/study/referenceCheck.ts";
import { moduleOf } from "../../domain/tasks/index.ts";
import { errorMessage } from "../../domain/util/errorText.ts";

type Row = StudyProgress["perParticipant"][number];

const STATUS: Record<ParticipantStatus, string> = {
  started: "working",
  completed: "finished",
  "screened-out": "screened out",
  returned: "returned",
};

/** The summary's clip counts: over people working or finished, and apart, the returned. */
export function clipCounts(rows: readonly Row[]) {
  const inStudy = rows.filter((r) => r.status === "started" || r.status === "completed");
  const returned = rows.filter((r) => r.status === "returned");
  return {
    given: inStudy.reduce((n, r) => n + r.total, 0),
    done: inStudy.reduce((n, r) => n + r.done, 0),
    doneByReturned: returned.reduce((n, r) => n + r.done, 0),
  };
}

/**
 * What a withdrawal deleted, in one sentence: the study's kind of work only
 * (domain/collection/withdrawal.ts), no spans in a study without them.
 */
export function withdrawnSentence(w: WithdrawResult): string {
  const named = withdrawnParts(w);
  const clips = `${w.submissions} finished clip(s)${named.spans ? ` with ${w.spans} span(s)` : ""}`;
  const parts = [
    "their arrival",
    ...(w.intake ? ["intake answers"] : []),
    ...(w.screening ? ["headphone check"] : []),
    ...(named.clips ? [clips] : []),
    ...(w.reasonLabels > 0 ? [`${w.reasonLabels} expert reason label(s) on them`] : []),
    ...(named.judgments ? [`${w.judgments} judgment(s) of pairs`] : []),
  ];
  const back = [
    ...(named.clips ? [`${w.slotsFreed} unfinished clip(s)`] : []),
    ...(named.trialsFreed ? [`${w.trialsFreed} unjudged trial(s)`] : []),
  ];
  return `Withdrew ${w.participant}: deleted ${parts.join(", ")}; ${back.join(" and ")} go to others.`;
}

export function ProgressView({
  progress,
  onWithdraw,
  task,
}: {
  progress: StudyProgress;
  onWithdraw(row: Row): Promise<WithdrawResult>;
  /** The study's task: its columns besides participant, status and clips, its withdrawal's words. */
  task: StudyTask;
}) {
  const { progressColumns, items } = moduleOf(task).studyPage;
  const referenceMarked = progressColumns.includes("referenceMarked");
  const Items = items.noun.charAt(0).toUpperCase() + items.noun.slice(1);
  const { participants: p } = progress;
  const target = progress.clips * progress.ratingsPerClip;
  const counts = clipCounts(progress.perParticipant);
  const [asking, setAsking] = useState<Row | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const withdraw = async (row: Row) => {
    setAsking(null);
    try {
      setSaid({ ok: true, text: withdrawnSentence(await onWithdraw(row)) });
    } catch (e) {
      setSaid({ ok: false, text: `Could not withdraw ${row.participant}: ${errorMessage(e)}` });
    }
  };
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p aria-live="polite" className="text-slate-700">
        Participants: <strong>{p.started}</strong> working, <strong>{p.completed}</strong> finished,{" "}
        <strong>{p.screenedOut}</strong> screened out, <strong>{p.returned}</strong> returned.{" "}
        {Items}: <strong>{counts.done}</strong> {items.done} of {counts.given} given to people
        working or finished ({target} wanted: {progress.clips} {items.noun} ×{" "}
        {progress.ratingsPerClip})
        {counts.doneByReturned > 0
          ? `; ${counts.doneByReturned} more ${items.done} by people who returned`
          : ""}
        .
      </p>
      {said && (
        <p
          role={said.ok ? "status" : "alert"}
          className={said.ok ? "text-emerald-800" : "text-red-700"}
        >
          {said.text}
        </p>
      )}
      {asking && (
        <WithdrawConfirm
          row={asking}
          task={task}
          onYes={() => void withdraw(asking)}
          onNo={() => setAsking(null)}
        />
      )}
      {progress.perParticipant.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-md border border-slate-200">
          <Table
            className="w-full text-left text-xs"
            caption="Participants"
            sticky
            headRow="bare"
            th="px-2 py-1 font-medium"
            td="px-2 py-1"
            head={
              <>
                <Th>Participant</Th>
                <Th>Status</Th>
                <Th>{Items}</Th>
                {referenceMarked && <Th>Reference marked</Th>}
                <Th>
                  <span className="sr-only">Withdraw</span>
                </Th>
              </>
            }
          >
            {progress.perParticipant.map((row) => (
              <ProgressRow
                key={row.id}
                row={row}
                referenceMarked={referenceMarked}
                onWithdraw={() => setAsking(row)}
              />
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}

function ProgressRow({
  row,
  referenceMarked,
  onWithdraw,
}: {
  row: Row;
  referenceMarked: boolean;
  onWithdraw(): void;
}) {
  const out = row.status === "screened-out";
  const share =
    row.referenceMarkedSeconds !== null && row.referenceSeconds
      ? row.referenceMarkedSeconds / row.referenceSeconds
      : null;
  const flagged = share !== null && share > REFERENCE_FLAG_THRESHOLD;
  return (
    <tr className="border-t border-slate-100">
      <Td>
        <span className="font-mono">{row.participant}</span>{" "}
        <span className="text-slate-600">
          ({row.platform === "prolific" ? "Prolific" : "link"})
        </span>
      </Td>
      <Td>{STATUS[row.status]}</Td>
      <Td className="tabular-nums">{out ? "none: screened out" : `${row.done} / ${row.total}`}</Td>
      {referenceMarked && (
        <Td className={`tabular-nums ${flagged ? "text-red-700" : ""}`}>
          {out
            ? "—"
            : share === null
              ? "not yet"
              : `${Math.round(share * 100)}% (${row.referenceMarkedSeconds?.toFixed(1)} s)${flagged ? " — check" : ""}`}
        </Td>
      )}
      <Td className="text-right">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Withdraw ${row.participant}`}
          onClick={onWithdraw}
        >
          Withdraw
        </Button>
      </Td>
    </tr>
  );
}

function WithdrawConfirm({
  row,
  task,
  onYes,
  onNo,
}: {
  row: Row;
  task: StudyTask;
  onYes(): void;
  onNo(): void;
}) {
  const ids = { title: useId(), body: useId() };
  // A comparison's row counts its main trials judged (progress.ts), not clips.
  const work = workOf(task);
  const what = work.clips
    ? `${row.done} finished clip(s)${work.spans ? " and their spans" : ""}`
    : `their judgments (${row.done} pair(s) judged)`;
  const back = work.clips ? "their unfinished clips" : "their unjudged pairs";
  return (
    <div
      role="alertdialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      className="rounded-md border border-red-200 bg-red-50 p-3"
    >
      <h4 id={ids.title} className="font-semibold text-red-900">
        Withdraw {row.participant}?
      </h4>
      <p id={ids.body} className="mt-1 text-red-900">
        Deletes their arrival, intake answers, headphone check, {what} from the server; {back} go to
        others. Files you already collected keep their copy. This cannot be undone.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <Button variant="danger" size="sm" onClick={onYes}>
          Delete their data
        </Button>
        <Button size="sm" onClick={onNo}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
