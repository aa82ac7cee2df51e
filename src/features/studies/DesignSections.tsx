// The design sections New study and Edit settings share: "Comparison design" (a compare study)
// and "Pre-test (natural vs synthetic pairs)" (every task), with their state (useDesign), so each
// form adds one hook, one element and one check on saving.
import { useMemo, useState } from "react";
import type { Pair, StudyTask } from "../../domain/interchange/types.ts";
import { splitPairs } from "../../domain/tasks/compare/pairs.ts";
import { viewPairOptions } from "../../domain/tasks/compare/views.ts";
import { ComparisonDesignFields } from "./ComparisonDesignFields.tsx";
import {
  type ClipFacts,
  type DesignField,
  type DesignOutcome,
  designDrafts,
  designOf,
  type ViewSource,
} from "./designDraft.ts";
import { PretestFields } from "./PretestFields.tsx";

export interface DesignState {
  drafts: ReturnType<typeof designDrafts>;
  setDrafts(d: ReturnType<typeof designDrafts>): void;
  outcome: DesignOutcome;
  problems: Partial<Record<DesignField, string>>;
  /** On saving: the outcome, its problems shown under the fields when there are some. */
  check(): DesignOutcome;
  current: number;
  clips: readonly ClipFacts[];
  task: StudyTask;
  /** The marked study's views on offer (New study from a study with regions and saliency). */
  views: ReturnType<typeof viewPairOptions> | null;
}

/**
 * The design's drafts for a study of `task` with these clips: `extra` and `pairs` are the
 * study's now (New study: {} and []).
 */
export function useDesign(
  task: StudyTask,
  clips: readonly ClipFacts[],
  extra: Readonly<Record<string, unknown>>,
  pairs: readonly Pair[],
  source?: ViewSource,
): DesignState {
  const [drafts, setDrafts] = useState(() => designDrafts(extra, pairs));
  const [problems, setProblems] = useState<Partial<Record<DesignField, string>>>({});
  const outcome = useMemo(
    () =>
      designOf({
        task,
        clips,
        extra,
        existing: pairs,
        comparison: drafts.comparison,
        pretest: drafts.pretest,
        ...(source ? { source } : {}),
      }),
    [task, clips, extra, pairs, drafts, source],
  );
  const views = useMemo(() => {
    if (!source) return null;
    const options = viewPairOptions(source);
    return options.models.some((m) => (options.clips[m]?.union ?? 0) > 0) ? options : null;
  }, [source]);
  const current = useMemo(() => designDrafts(extra, pairs).comparison, [extra, pairs]);
  return {
    drafts,
    setDrafts: (d) => {
      setDrafts(d);
      setProblems({});
    },
    outcome,
    problems,
    check: () => {
      setProblems(outcome.ok ? {} : outcome.problems);
      return outcome;
    },
    current:
      current.construction === "keep" ? splitPairs(pairs, extra.qualification).main.length : 0,
    clips,
    task,
    views,
  };
}

/** "Comparison design" for a compare study, then "Pre-test" for any task. */
export function DesignSections({ design }: { design: DesignState }) {
  const { drafts, setDrafts } = design;
  return (
    <>
      {design.task === "compare" && (
        <ComparisonDesignFields
          clips={design.clips}
          draft={drafts.comparison}
          onDraft={(comparison) => setDrafts({ ...drafts, comparison })}
          outcome={design.outcome}
          problems={design.problems}
          current={design.current}
          views={design.views}
        />
      )}
      <PretestFields
        clipCount={design.clips.length}
        draft={drafts.pretest}
        onDraft={(pretest) => setDrafts({ ...drafts, pretest })}
        outcome={design.outcome}
        problems={design.problems}
      />
    </>
  );
}
