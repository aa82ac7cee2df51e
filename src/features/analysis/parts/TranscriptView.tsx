// One clip's transcripts aligned word by word with its text (as sclite's alignment shows
// them): correct words plain, substitutions as reference → heard, deletions struck through,
// insertions marked. Reads the clip and its submissions from the database when opened.
import { useEffect, useMemo, useState } from "react";
import { type ClipRecord, listClips, listSubmissions } from "../../../db/repo.ts";
import { type AlignOp, alignTokens, countOps } from "../../../domain/transcripts/align.ts";
import { type TokenUnit, tokensOf } from "../../../domain/transcripts/normalise.ts";
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

/** The transcript view: pick a clip with a text; its transcripts aligned with that text. */
export function TranscriptView({ studyId, unit }: { studyId: string; unit: TokenUnit }) {
  const [clips, setClips] = useState<ClipRecord[]>([]);
  const [clipId, setClipId] = useState("");
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let live = true;
    listClips(studyId).then((all) => {
      if (!live) return;
      const withText = all.filter((c) => c.text !== undefined);
      setClips(withText);
      setClipId((id) => id || (withText[0]?.id ?? ""));
    });
    return () => {
      live = false;
    };
  }, [studyId]);
  const clip = useMemo(() => clips.find((c) => c.id === clipId), [clips, clipId]);
  useEffect(() => {
    if (!clip) return;
    let live = true;
    const ref = tokensOf(clip.text ?? "", unit);
    listSubmissions(studyId, { clipId: clip.id }).then((subs) => {
      if (!live) return;
      setRows(
        subs
          .filter((s) => typeof s.transcript === "string")
          .sort((a, b) =>
            a.annotatorId < b.annotatorId ? -1 : a.annotatorId > b.annotatorId ? 1 : 0,
          )
          .map((s) => {
            const ops = alignTokens(ref, tokensOf(s.transcript as string, unit));
            const c = countOps(ops);
            return {
              annotatorId: s.annotatorId,
              transcript: s.transcript as string,
              ops,
              wer: ref.length > 0 ? c.errors / ref.length : Number.NaN,
            };
          }),
      );
    });
    return () => {
      live = false;
    };
  }, [studyId, clip, unit]);
  if (clips.length === 0) return null;
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
            </option>
          ))}
        </select>
      </label>
      {clip ? (
        <div className="mt-3 space-y-2 text-sm">
          <p>
            <span className="text-xs uppercase tracking-wide text-slate-500">Reference </span>
            <span className="font-medium text-slate-900">
              {tokensOf(clip.text ?? "", unit).join(unit === "word" ? " " : "")}
            </span>
          </p>
          {rows === null ? null : rows.length === 0 ? (
            <p className="text-slate-500">No transcripts of this clip yet.</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">
                Transcripts of {clip.name}, aligned with its text
              </caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Annotator
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Aligned with the reference
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    WER
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.annotatorId} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-700">
                      {r.annotatorId}
                    </th>
                    <td className="py-1.5 pr-3" title={`typed: ${r.transcript}`}>
                      <Ops ops={r.ops} unit={unit} />
                    </td>
                    <td className="py-1.5 text-right tabular-nums">
                      {Number.isNaN(r.wer) ? "—" : percent(r.wer)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="text-xs text-slate-500">
            <span className="rounded bg-amber-100 px-0.5">substitution</span> (reference struck,
            then what was heard), <del className="rounded bg-red-100 px-0.5">deletion</del>,{" "}
            <ins className="rounded bg-sky-100 px-0.5 no-underline">+insertion</ins>; the alignment
            is the one the figures count.
          </p>
        </div>
      ) : null}
    </div>
  );
}
