import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { listAnnotators, listStudySummaries } from "../../db/repo.ts";
import { groupingsOf } from "../../domain/stats/conditions.ts";
import { CompareResult } from "./CompareResult.tsx";
import { CompareClient, type CompareOutcome, type CompareRunner } from "./compareClient.ts";

type Mode = "studies" | "groups";

/** What the address asks for: `?study=A&study=B` (studies) or `?study=A&by=platform` (groups). */
function fromSearch(search: string): { mode: Mode; studies: string[]; by: string } {
  const params = new URLSearchParams(search);
  const studies = params.getAll("study");
  const by = params.get("by") ?? "";
  return { mode: by !== "" || params.get("mode") === "groups" ? "groups" : "studies", studies, by };
}

/** A grouping in words, for the choice. */
function groupingLabel(by: string): string {
  if (by === "platform") return "Platform";
  if (by === "arm") return "Instruction arm";
  if (by.startsWith("screening:"))
    return `Screening: ${by.slice("screening:".length)} (passed / failed)`;
  return `Intake answer: ${by}`;
}

/**
 * The Compare screen: the MOS of two or more studies (each one condition), or of one study's
 * listener groups, side by side as Chiang et al.'s tables, computed in a Web Worker by the same
 * code as `cli compare`.
 */
export function ComparePage({ runner }: { runner?: CompareRunner }) {
  useDocumentTitle("Compare conditions");
  const [client] = useState<CompareRunner>(() => runner ?? new CompareClient());
  useEffect(() => () => client.dispose(), [client]);
  const search = useSearch();
  const [initial] = useState(() => fromSearch(search));
  const summaries = useLiveQuery(() => listStudySummaries(), []);
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [chosen, setChosen] = useState<string[]>(initial.mode === "studies" ? initial.studies : []);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [groupStudy, setGroupStudy] = useState<string>(
    initial.mode === "groups" ? (initial.studies[0] ?? "") : "",
  );
  const [by, setBy] = useState(initial.by);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CompareOutcome | undefined>(undefined);
  const annotators = useLiveQuery(
    () => (groupStudy === "" ? Promise.resolve([]) : listAnnotators(groupStudy)),
    [groupStudy],
  );
  const groupings = useMemo(() => groupingsOf(annotators ?? []), [annotators]);
  const modeName = useId();

  // The first grouping the study offers, when none (or one it lacks) is chosen.
  useEffect(() => {
    if (annotators === undefined || groupings.length === 0) return;
    if (!groupings.includes(by)) setBy(groupings[0] as string);
  }, [annotators, groupings, by]);

  const canRun = mode === "studies" ? chosen.length >= 2 : groupStudy !== "" && by !== "";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canRun) return;
    setBusy(true);
    const request =
      mode === "studies"
        ? {
            studies: chosen.map((studyId) => {
              const label = labels[studyId]?.trim();
              return label ? { studyId, label } : { studyId };
            }),
          }
        : { studies: [{ studyId: groupStudy }], by };
    const result = await client.run(request);
    if (result.type !== "cancelled") {
      setOutcome(result);
      setBusy(false);
    }
  };

  const toggle = (studyId: string, on: boolean) =>
    setChosen((list) => (on ? [...list, studyId] : list.filter((id) => id !== studyId)));

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Compare conditions</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          The MOS of the same systems under different conditions, side by side as Chiang et al.
          (2023) report them: who rated, where, on which platform, under which instructions. Each
          study is one condition, or one study's listeners are grouped by platform, instruction arm,
          screening result or an intake answer. The same figures as{" "}
          <code className="text-xs">redpen compare --json</code>.
        </p>
      </div>
      <Card title="Conditions">
        <form className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">What to compare</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={modeName}
                checked={mode === "studies"}
                onChange={() => setMode("studies")}
              />
              Two or more studies
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={modeName}
                checked={mode === "groups"}
                onChange={() => setMode("groups")}
              />
              One study's listener groups
            </label>
          </fieldset>
          {summaries === undefined ? (
            <p className="text-sm text-slate-500">Loading studies…</p>
          ) : summaries.length === 0 ? (
            <p className="text-sm text-slate-500">No studies yet: create or import one first.</p>
          ) : mode === "studies" ? (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">
                Studies (each one condition, in the order ticked; the label defaults to the study's
                name)
              </legend>
              <ul className="divide-y divide-slate-100">
                {summaries.map(({ study }) => {
                  const on = chosen.includes(study.id);
                  return (
                    <li key={study.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                      <label className="flex min-w-64 items-center gap-2">
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={(e) => toggle(study.id, e.target.checked)}
                        />
                        {study.name}
                        {on && (
                          <span className="text-xs text-slate-500">
                            #{chosen.indexOf(study.id) + 1}
                          </span>
                        )}
                      </label>
                      {on && (
                        <label className="flex items-center gap-2 text-slate-600">
                          Label
                          <input
                            className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm"
                            value={labels[study.id] ?? ""}
                            placeholder={study.name}
                            onChange={(e) =>
                              setLabels((l) => ({ ...l, [study.id]: e.target.value }))
                            }
                          />
                        </label>
                      )}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : (
            <div className="flex flex-wrap items-end gap-4 text-sm">
              <label className="flex flex-col gap-1">
                Study
                <select
                  className={INPUT}
                  value={groupStudy}
                  onChange={(e) => setGroupStudy(e.target.value)}
                >
                  <option value="">Choose a study…</option>
                  {summaries.map(({ study }) => (
                    <option key={study.id} value={study.id}>
                      {study.name}
                    </option>
                  ))}
                </select>
              </label>
              {groupStudy !== "" && annotators !== undefined && groupings.length === 0 ? (
                <p className="text-slate-600">
                  No listener of this study has a platform, an instruction arm, a screening result
                  or an intake answer to group by.
                </p>
              ) : (
                <label className="flex flex-col gap-1">
                  Group listeners by
                  <select
                    className={INPUT}
                    value={by}
                    disabled={groupings.length === 0}
                    onChange={(e) => setBy(e.target.value)}
                  >
                    {groupings.map((g) => (
                      <option key={g} value={g}>
                        {groupingLabel(g)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          )}
          <Button type="submit" variant="primary" disabled={!canRun || busy}>
            {busy ? "Comparing…" : "Compare"}
          </Button>
          {mode === "studies" && chosen.length < 2 && (
            <p className="text-xs text-slate-500">Tick two or more studies.</p>
          )}
        </form>
      </Card>
      {outcome?.type === "done" && <CompareResult result={outcome.result} />}
      {outcome !== undefined && outcome.type !== "done" && outcome.type !== "cancelled" && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {outcome.type === "not-found"
            ? `The study ${outcome.studyId} is not in this browser any more.`
            : outcome.type === "refused"
              ? `These cannot be compared: ${outcome.message}`
              : `The comparison failed: ${outcome.message}`}
        </p>
      )}
    </main>
  );
}
