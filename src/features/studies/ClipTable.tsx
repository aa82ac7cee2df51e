import type { ClipRecord } from "../../db/repo.ts";
import { formatSeconds } from "../../lib/format.ts";

const TH = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const TD = "px-3 py-2 text-sm";

/** The study's clips in order, with how many annotators submitted each. */
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
