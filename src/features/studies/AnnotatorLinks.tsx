// "Links for annotators": type an annotator id, pick a role, copy the personal link.
import { useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import type { AnnotatorRecord } from "../../db/repo.ts";
import type { TaskModule } from "../../domain/tasks/index.ts";
import { annotatorLink } from "../../lib/format.ts";
import { annotatorIdProblem } from "../../lib/identity.ts";

type LinkRole = "crowd" | "expert";

/**
 * What the list says of an annotator's submissions. A participant collected from a server
 * (`platform`) was given their own clips, not the whole study: their count stands alone, with
 * how they left; anyone else is counted against the study's clips.
 */
export function submittedText(a: AnnotatorRecord, submitted: number, clipCount: number): string {
  const clips = `${submitted} clip${submitted === 1 ? "" : "s"} submitted`;
  if (!a.platform) return `${submitted} of ${clipCount} clips submitted`;
  if (a.status === "completed") return `${clips}: all they were given`;
  if (a.status === "returned") return `${clips}, then returned the study`;
  if (a.status === "started") return `${clips} so far`;
  return clips;
}

/**
 * Collected participants who are not annotators: screened out by the headphone check, or gone
 * (returned, or never finished) without a finished clip. Counted apart, not listed.
 */
export function notAnnotators(
  annotators: readonly AnnotatorRecord[],
  submissionsByAnnotator: ReadonlyMap<string, number>,
): { screenedOut: number; noClip: number } {
  let screenedOut = 0;
  let noClip = 0;
  for (const a of annotators) {
    if (!a.platform) continue;
    if (a.status === "screened-out") screenedOut++;
    else if ((submissionsByAnnotator.get(a.id) ?? 0) === 0) noClip++;
  }
  return { screenedOut, noClip };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function AnnotatorLinks({
  studyId,
  annotators,
  submissionsByAnnotator,
  clipCount,
  task,
}: {
  studyId: string;
  annotators: readonly AnnotatorRecord[];
  submissionsByAnnotator: ReadonlyMap<string, number>;
  clipCount: number;
  /** The study's task: what the people given a link do, and whether experts have work. */
  task: TaskModule;
}) {
  const [annotatorId, setAnnotatorId] = useState("");
  const [chosenRole, setRole] = useState<LinkRole>("crowd");
  const experts = task.studyPage.expertLinks;
  const role: LinkRole = experts ? chosenRole : "crowd";
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  const ids = { input: useId(), role: useId(), link: useId(), err: useId() };
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const trimmed = annotatorId.trim();
  const problem = trimmed === "" ? null : annotatorIdProblem(trimmed);
  const link = trimmed !== "" && !problem ? annotatorLink(origin, studyId, trimmed, role) : "";

  const left = notAnnotators(annotators, submissionsByAnnotator);
  const listed = annotators.filter(
    (a) =>
      !a.platform || (a.status !== "screened-out" && (submissionsByAnnotator.get(a.id) ?? 0) > 0),
  );

  const onCopy = async () => {
    setCopied((await copyText(link)) ? "yes" : "no");
  };

  return (
    <Card
      title="Links for annotators"
      description="Each annotator gets a personal link; their work is stored in the browser that opens it. Collect it with their exported file."
    >
      <div className={`grid gap-3 ${experts ? "sm:grid-cols-[1fr_10rem]" : ""}`}>
        <div>
          <label htmlFor={ids.input} className="block text-sm font-medium text-slate-800">
            Annotator id
          </label>
          <input
            id={ids.input}
            value={annotatorId}
            onChange={(e) => {
              setAnnotatorId(e.target.value);
              setCopied(undefined);
            }}
            placeholder="e.g. w17"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.err : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900"
          />
        </div>
        {experts && (
          <div>
            <label htmlFor={ids.role} className="block text-sm font-medium text-slate-800">
              Role
            </label>
            <select
              id={ids.role}
              value={role}
              onChange={(e) => {
                setRole(e.target.value === "expert" ? "expert" : "crowd");
                setCopied(undefined);
              }}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900"
            >
              <option value="crowd">Crowd</option>
              <option value="expert">Expert</option>
            </select>
          </div>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">{task.studyPage.linkHelp}</p>
      {problem && (
        <p id={ids.err} className="mt-2 text-sm text-red-600">
          {problem}
        </p>
      )}
      {link && (
        <div className="mt-3">
          <label htmlFor={ids.link} className="block text-sm font-medium text-slate-800">
            Link
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={ids.link}
              readOnly
              value={link}
              onFocus={(e) => e.target.select()}
              className="block w-full rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
            <Button onClick={() => void onCopy()}>Copy link</Button>
            <a
              href={link}
              className="inline-flex items-center rounded-md px-3 text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
            >
              Open
            </a>
          </div>
          <p className="mt-1 h-5 text-sm" aria-live="polite">
            {copied === "yes" && <span className="text-emerald-700">Copied.</span>}
            {copied === "no" && (
              <span className="text-red-600">
                Could not copy automatically: select the link and copy it.
              </span>
            )}
          </p>
        </div>
      )}
      {annotators.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-slate-800">Annotators in this browser</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            {listed.map((a) => (
              <li key={a.id} className="flex items-center justify-between px-3 py-1.5 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{a.id}</span>{" "}
                  <span className="text-slate-500">{a.role}</span>
                </span>
                <span className="tabular-nums text-slate-600">
                  {submittedText(a, submissionsByAnnotator.get(a.id) ?? 0, clipCount)}
                </span>
              </li>
            ))}
          </ul>
          {left.screenedOut + left.noClip > 0 && (
            <p className="mt-1 text-xs text-slate-600">
              Also collected from the server, not annotators (no clip from them):{" "}
              {[
                left.screenedOut > 0
                  ? `${left.screenedOut} screened out by the headphone check`
                  : "",
                left.noClip > 0 ? `${left.noClip} who left without finishing a clip` : "",
              ]
                .filter(Boolean)
                .join(", ")}
              .
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
