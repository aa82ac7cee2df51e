import { useState } from "react";
import { type ClipRecord, setClipText } from "../../db/repo.ts";
import { formatSeconds } from "../../lib/format.ts";

const TH = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const TD = "px-3 py-2 text-sm";

/**
 * A clip's text, edited in place: saved when the field loses focus or on Enter (the reference
 * an intelligibility test's transcripts are scored against; empty for none).
 */
function ClipText({ clip }: { clip: ClipRecord }) {
  const [value, setValue] = useState(clip.text ?? "");
  const save = () => {
    if (value.trim() !== (clip.text ?? "")) {
      // A failed write is shown as a notice by the repository; the field keeps what was typed.
      setClipText(clip.studyId, clip.id, value).catch(() => undefined);
    }
  };
  return (
    <input
      aria-label={`Text of ${clip.name}`}
      className="w-full min-w-40 rounded border border-transparent bg-transparent px-1 py-0.5 text-sm text-slate-700 hover:border-slate-200 focus:border-slate-400 focus:outline-none"
      value={value}
      placeholder="—"
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") e.currentTarget.blur();
      }}
    />
  );
}

/** The study's clips in order, with their text and how many annotators submitted each. */
export function ClipTable({
  clips,
  submissionsByClip,
}: {
  clips: readonly ClipRecord[];
  submissionsByClip: ReadonlyMap<string, number>;
}) {
  if (clips.length === 0) {
    return <p className="text-sm text-slate-500">This study has no clips.</p>;
  }
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Clips</caption>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              #
            </th>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              System
            </th>
            <th scope="col" className={TH}>
              Sentence
            </th>
            <th scope="col" className={TH}>
              Text
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Duration
            </th>
            <th scope="col" className={TH}>
              Reference
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Submissions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {clips.map((c, i) => (
            <tr key={c.id} className="hover:bg-slate-50">
              <td className={`${TD} tabular-nums text-slate-500`}>{i + 1}</td>
              <td className={`${TD} font-medium text-slate-900`}>{c.name}</td>
              <td className={`${TD} text-slate-700`}>{c.system ?? "—"}</td>
              <td className={`${TD} text-slate-700`}>{c.sentence ?? "—"}</td>
              <td className={TD}>
                <ClipText clip={c} />
              </td>
              <td className={`${TD} text-right tabular-nums text-slate-700`}>
                {formatSeconds(c.duration)}
              </td>
              <td className={TD}>
                {c.isReference ? (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                    reference
                  </span>
                ) : (
                  <span className="sr-only">no</span>
                )}
              </td>
              <td className={`${TD} text-right tabular-nums text-slate-700`}>
                {submissionsByClip.get(c.id) ?? 0}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
