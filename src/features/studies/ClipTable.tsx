import { useState } from "react";
import { Table, Td, Th } from "../../components/Table.tsx";
import { type ClipRecord, setClipText } from "../../db/repo.ts";
import { formatSeconds } from "../../lib/format.ts";

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
      <Table
        className="min-w-full divide-y divide-slate-200"
        caption="Clips"
        headRow="bare"
        th="px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500"
        td="px-3 py-2 text-sm"
        bodyClassName="divide-y divide-slate-100"
        head={
          <>
            <Th>#</Th>
            <Th>Name</Th>
            <Th>System</Th>
            <Th>Sentence</Th>
            <Th>Text</Th>
            <Th numeric>Duration</Th>
            <Th>Reference</Th>
            <Th numeric>Submissions</Th>
          </>
        }
      >
        {clips.map((c, i) => (
          <tr key={c.id} className="hover:bg-slate-50">
            <Td className="tabular-nums text-slate-500">{i + 1}</Td>
            <Td className="font-medium text-slate-900">{c.name}</Td>
            <Td className="text-slate-700">{c.system ?? "—"}</Td>
            <Td className="text-slate-700">{c.sentence ?? "—"}</Td>
            <Td>
              <ClipText clip={c} />
            </Td>
            <Td numeric className="text-slate-700">
              {formatSeconds(c.duration)}
            </Td>
            <Td>
              {c.isReference ? (
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                  reference
                </span>
              ) : (
                <span className="sr-only">no</span>
              )}
            </Td>
            <Td numeric className="text-slate-700">
              {submissionsByClip.get(c.id) ?? 0}
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
