import { definitionOf, type FigureKey } from "../../../domain/stats/definitions.ts";
import type { Report } from "../../../domain/stats/report.ts";
import { count, fixed, percent } from "../format.ts";
import { Defined } from "./Defined.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const NO_CONSENSUS = "no clip has two or more crowd annotations";

/**
 * The crowd's consensus in figures: how much of the bins the majority and the Dawid–Skene
 * model call unnatural, the model's prevalence and whether EM converged. Each crowd
 * annotator's reliability is in the annotator quality table; the regions are drawn on the
 * expert screen and exported.
 */
export function ConsensusSection({
  consensus,
  binSeconds,
}: {
  consensus: Report["consensus"];
  binSeconds: number;
}) {
  const c = consensus;
  const figures: { key: FigureKey; label: string; text: string; note?: string }[] = [
    {
      key: "consensus.majority",
      label: "Majority consensus",
      text: fixed(c.majorityFraction),
      note:
        c.majorityFraction === null
          ? ""
          : `${percent(c.majorityFraction)} of the bins: more than half the crowd marked them`,
    },
    {
      key: "consensus.model",
      label: "Model consensus",
      text: fixed(c.modelFraction),
      note:
        c.modelFraction === null
          ? ""
          : `${percent(c.modelFraction)} of the bins: posterior of unnatural above 0.5`,
    },
    {
      key: "consensus.prevalence",
      label: "Model prevalence",
      text: fixed(c.prevalence),
      note: "the model's prior share of unnatural bins",
    },
  ];
  return (
    <Section
      id="consensus"
      title="Crowd consensus"
      subtitle={`The crowd's spans combined per ${binSeconds} s bin, by majority vote and by a reliability-weighted model (Dawid–Skene). Crowd annotators only.`}
    >
      {c.clips === 0 ? (
        <p className="text-sm text-slate-600">
          No consensus yet: {NO_CONSENSUS}. Experts and researchers do not vote.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {figures.map((f) => (
              <div key={f.key} data-figure={f.key} className="rounded-md p-1">
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  <Defined definition={definitionOf(f.key)}>{f.label}</Defined>
                </dt>
                <dd className="mt-1 text-2xl font-semibold text-slate-900">
                  <Value text={f.text} reason={NO_CONSENSUS} />
                </dd>
                {f.note ? <dd className="mt-0.5 text-xs text-slate-500">{f.note}</dd> : null}
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-600" data-figure="consensus.converged">
            Over{" "}
            <Defined definition={definitionOf("consensus.clips")}>
              {count(c.clips)} {c.clips === 1 ? "clip" : "clips"}
            </Defined>{" "}
            ({count(c.bins)} bins) and {count(c.workers.length)} crowd{" "}
            {c.workers.length === 1 ? "annotator" : "annotators"}.{" "}
            <Defined definition={definitionOf("consensus.converged")}>EM</Defined>{" "}
            {c.converged ? (
              <>converged in {count(c.iterations)} rounds.</>
            ) : (
              <strong className="font-semibold text-amber-800">
                stopped after {count(c.iterations)} rounds without converging: the crowd's marks
                barely determine the model, so read its reliabilities with care.
              </strong>
            )}{" "}
            Each annotator's sensitivity, specificity and agreement with the consensus are in{" "}
            <a href="#annotators" className="text-slate-900 underline">
              Annotator quality
            </a>
            ; the expert screen draws the majority consensus over each clip.
          </p>
        </>
      )}
    </Section>
  );
}
