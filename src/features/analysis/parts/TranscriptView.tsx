// One clip's transcripts aligned word by word with its text (as sclite's alignment shows
// them): correct words plain, substitutions as reference → heard, deletions struck through,
// insertions marked; under them the listeners' consensus (computed in the analysis worker by
// the default aggregation method, as `cli aggregate`). A clip without a reference text is
// aligned with the consensus instead, and its WER says so. Reads the clip and its submissions
// from the database when opened (one clip's alignment is quick).

import { useEffect, useMemo, useState } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import { type ClipRecord, listClips, listSubmissions } from "../../../db/repo.ts";
import { type AlignOp, alignTokens, countOps } from "../../../domain/transcripts/align.ts";
import { type TokenUnit, tokensOf } from "../../../domain/transcripts/normalise.ts";
import type { StudyConsensus } from "../../../domain/transcripts/studyConsensus.ts";
import { percent } from "../format.ts";

interface Row {
  annotatorId: string;
  transcript: string;
  ops: AlignOp[];
  wer: number;
}

function Ops({ ops, unit }: { ops: readonly AlignOp[]; unit: TokenUnit }) {
  const gap = unit === "word" ? " " : "";
  return (
    <span className="leading-7">
      {ops.map((o, i) => {
        const key = `${i}`;
        const sep = i > 0 ? gap : "";
        if (o.op === "C") return <span key={key}>{sep + o.hyp}</span>;
        if (o.op === "S")
          return (
            <span key={key}>
              {sep}
              <span
                className="rounded bg-amber-100 px-0.5 text-amber-900"
                title={`substitution: ${o.ref} → ${o.hyp}`}
              >
                <span className="line-through decoration-amber-700">{o.ref}</span>
                <span aria-hidden="true">→</span>
                <span className="sr-only"> heard as </span>
                {o.hyp}
              </span>
            </span>
          );
        if (o.op === "D")
          return (
            <span key={key}>
              {sep}
              <del className="rounded bg-red-100 px-0.5 text-red-900" title={`deletion: ${o.ref}`}>
                <span className="sr-only">missed </span>
                {o.ref}
              </del>
            </span>
          );
        return (
          <span key={key}>
            {sep}
            <ins
              className="rounded bg-sky-100 px-0.5 text-sky-900 no-underline"
              title={`insertion: ${o.hyp}`}
            >
              <span className="sr-only">inserted </span>+{o.hyp}
            </ins>
          </span>
        );
      })}
    </span>
  );
}

/** The transcript view: pick a clip with a text or a consensus; its transcripts aligned with it. */
export function TranscriptView({
  studyId,
  unit,
  consensus,
  consensusPending,
}: {
  studyId: string;
  unit: TokenUnit;
  /** The listeners' consensus per clip (null: no listener transcripts; undefined: not known). */
  consensus: StudyConsensus | null | undefined;
  /** The worker is still computing it. */
  consensusPending: boolean;
}) {
  const [clips, setClips] = useState<ClipRecord[]>([]);
  const [clipId, setClipId] = useState("");
  const [rows, setRows] = useState<Row[] | null>(null);
  const byClip = useMemo(
    () => new Map((consensus?.clips ?? []).map((c) => [c.clip, c.consensus])),
    [consensus],
  );
  useEffect(() => {
    let live = true;
    listClips(studyId).then((all) => {
      if (!live) return;
      const shown = all.filter((c) => c.text !== undefined || byClip.has(c.id));
      setClips(shown);
      setClipId((id) => (shown.some((c) => c.id === id) ? id : (shown[0]?.id ?? "")));
    });
    return () => {
      live = false;
    };
  }, [studyId, byClip]);
  const clip = useMemo(() => clips.find((c) => c.id === clipId), [clips, clipId]);
  const reference = useMemo(() => tokensOf(clip?.text ?? "", unit), [clip, unit]);
  const agreed = clip ? byClip.get(clip.id) : undefined;
  const agreedTokens = useMemo(
    () => (agreed === undefined ? null : tokensOf(agreed, unit)),
    [agreed, unit],
  );
  // Without a reference text, the transcripts are measured against the consensus.
  const againstConsensus = reference.length === 0;
  const against = againstConsensus ? agreedTokens : reference;
  useEffect(() => {
    if (!clip || against === null) {
      setRows(null);
      return;
    }
    let live = true;
    listSubmissions(studyId, { clipId: clip.id }).then((subs) => {
      if (!live) return;
      setRows(
        subs
          .filter((s) => typeof s.transcript === "string")
          .sort((a, b) =>
            a.annotatorId < b.annotatorId ? -1 : a.annotatorId > b.annotatorId ? 1 : 0,
          )
          .map((s) => {
            const ops = alignTokens(against, tokensOf(s.transcript as string, unit));
            const c = countOps(ops);
            return {
              annotatorId: s.annotatorId,
              transcript: s.transcript as string,
              ops,
              wer: against.length > 0 ? c.errors / against.length : Number.NaN,
            };
          }),
      );
    });
    return () => {
      live = false;
    };
  }, [studyId, clip, unit, against]);
  // The consensus aligned with the reference, when there is one to align it with.
  const consensusRow = useMemo(() => {
    if (againstConsensus || agreedTokens === null) return null;
    const ops = alignTokens(reference, agreedTokens);
    return { ops, wer: countOps(ops).errors / reference.length };
  }, [againstConsensus, agreedTokens, reference]);
  if (clips.length === 0) {
    return consensusPending ? (
      <p className="mt-6 text-sm text-slate-500" role="status">
        Computing the listeners' consensus transcripts…
      </p>
    ) : null;
  }
  const join = (tokens: readonly string[]) => tokens.join(unit === "word" ? " " : "");
  const werHeading = againstConsensus ? "WER against the consensus (no reference text)" : "WER";
  return (
    <div className="mt-6">
      <h3 className="text-sm font-medium text-slate-800">Transcripts of one clip</h3>
      <label className="mt-2 block text-sm text-slate-700">
        Clip{" "}
        <select
          className="ml-1 rounded border border-slate-300 px-2 py-1 text-sm"
          value={clipId}
          onChange={(e) => setClipId(e.target.value)}
        >
          {clips.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.system ? ` (${c.system})` : ""}
              {tokensOf(c.text ?? "", unit).length === 0 ? " — no reference text" : ""}
            </option>
          ))}
        </select>
      </label>
      {clip ? (
        <div className="mt-3 space-y-2 text-sm">
          {againstConsensus ? (
            <p>
              <span className="text-xs uppercase tracking-wide text-slate-500">
                No reference text{" "}
              </span>
              <span className="text-slate-700">
                {agreedTokens === null
                  ? consensusPending
                    ? "— each transcript will be aligned with the listeners' consensus once it is computed."
                    : "— and no listener's transcript to agree on."
                  : "— each transcript is aligned with the listeners' consensus below."}
              </span>
            </p>
          ) : (
            <p>
              <span className="text-xs uppercase tracking-wide text-slate-500">Reference </span>
              <span className="font-medium text-slate-900">{join(reference)}</span>
            </p>
          )}
          {rows === null ? null : rows.length === 0 ? (
            <p className="text-slate-500">No transcripts of this clip yet.</p>
          ) : (
            <Table
              caption={
                <>
                  Transcripts of {clip.name}, aligned with{" "}
                  {againstConsensus ? "the listeners' consensus (no reference text)" : "its text"}
                </>
              }
              head={
                <>
                  <Th>Annotator</Th>
                  <Th>
                    {againstConsensus ? "Aligned with the consensus" : "Aligned with the reference"}
                  </Th>
                  <Th numeric last>
                    {werHeading}
                  </Th>
                </>
              }
              foot={
                <tr className="align-top">
                  <RowTh
                    className="font-medium text-slate-900"
                    title="The listeners' transcripts merged by the reliability-weighted method (as cli aggregate)"
                  >
                    Consensus
                  </RowTh>
                  <Td title={agreed === undefined ? undefined : `consensus: ${agreed}`}>
                    {agreedTokens === null ? (
                      <span
                        className="text-slate-500"
                        role={consensusPending ? "status" : undefined}
                      >
                        {consensusPending
                          ? "Computing the listeners' consensus…"
                          : "No listener's transcript to merge."}
                      </span>
                    ) : consensusRow ? (
                      <Ops ops={consensusRow.ops} unit={unit} />
                    ) : (
                      <span className="font-medium text-slate-900">
                        {agreedTokens.length > 0 ? join(agreedTokens) : "(no words)"}
                      </span>
                    )}
                  </Td>
                  <Td numeric last>
                    {consensusRow ? percent(consensusRow.wer) : ""}
                  </Td>
                </tr>
              }
            >
              {rows.map((r) => (
                <tr key={r.annotatorId} className="border-b border-slate-100 align-top">
                  <RowTh className="font-normal text-slate-700">{r.annotatorId}</RowTh>
                  <Td title={`typed: ${r.transcript}`}>
                    <Ops ops={r.ops} unit={unit} />
                  </Td>
                  <Td numeric last>
                    {Number.isNaN(r.wer) ? "—" : percent(r.wer)}
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <p className="text-xs text-slate-500">
            <span className="rounded bg-amber-100 px-0.5">substitution</span> (
            {againstConsensus ? "consensus" : "reference"} struck, then what was heard),{" "}
            <del className="rounded bg-red-100 px-0.5">deletion</del>,{" "}
            <ins className="rounded bg-sky-100 px-0.5 no-underline">+insertion</ins>; the alignment
            is the one the figures count. The consensus merges the listeners' transcripts (not the
            recognisers'), weighting each listener by their estimated reliability.
          </p>
        </div>
      ) : null}
    </div>
  );
}
