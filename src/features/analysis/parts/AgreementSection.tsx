import type { FigureKey } from "../../../domain/stats/definitions.ts";
import type { Report } from "../../../domain/stats/report.ts";
import type { ClipAgreement } from "../../../workers/analysisMessages.ts";
import { agreementReasons } from "../explain.ts";
import { count, fixed, percent } from "../format.ts";
import { Defined } from "./Defined.tsx";
import { PairsTable } from "./PairsTable.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

/** Agreement between annotators on where the unnatural spans are. */
export function AgreementSection({
  agreement,
  clips,
  binSeconds,
  definitions,
}: {
  agreement: Report["agreement"];
  clips: readonly ClipAgreement[];
  binSeconds: number;
  definitions: (key: FigureKey) => string;
}) {
  const why = agreementReasons(agreement, clips);
  const multi = clips.filter((c) => c.annotations >= 2).length;
  const small: {
    key: FigureKey;
    label: string;
    text: string;
    reason?: string | undefined;
    note?: string;
  }[] = [
    {
      key: "agreement.perClipMeanKappa",
      label: "Per-clip mean kappa",
      text: fixed(agreement.perClipMeanKappa),
      reason: why.perClipMeanKappa,
      note: `${count(agreement.perClipUndefined)} of ${count(multi)} clips with 2+ annotations undefined`,
    },
    {
      key: "agreement.krippendorffAlpha",
      label: "Krippendorff's alpha",
      text: fixed(agreement.krippendorffAlpha),
      reason: why.krippendorffAlpha,
      note: "nominal, over the bins of clips with 2+ annotations",
    },
    {
      key: "agreement.unionFraction",
      label: "Union fraction",
      text: fixed(agreement.unionFraction),
      reason: why.unionFraction,
      note: "bins marked by at least one annotator",
    },
    {
      key: "agreement.overlapFraction",
      label: "Overlap fraction",
      text: fixed(agreement.overlapFraction),
      reason: why.overlapFraction,
      note: "bins marked by every annotator of the clip",
    },
  ];
  return (
    <Section
      id="agreement"
      title="Agreement"
      subtitle={`Where annotators marked unnatural speech, compared in ${binSeconds} s bins.`}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <div
          className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
          data-figure="agreement.meanPairwiseKappa"
        >
          <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            <Defined definition={definitions("agreement.meanPairwiseKappa")}>
              Mean pairwise Cohen's kappa
            </Defined>
          </div>
          <div className="mt-2 text-5xl font-semibold tracking-tight text-slate-900">
            <Value text={fixed(agreement.meanPairwiseKappa)} reason={why.meanPairwiseKappa} />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            over {count(agreement.pairs.length)} annotator{" "}
            {agreement.pairs.length === 1 ? "pair" : "pairs"},{" "}
            {count(agreement.pairs.filter((p) => p.kappa !== null).length)} defined
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {small.map((f) => (
            <div key={f.key} data-figure={f.key} className="rounded-md p-1">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                <Defined definition={definitions(f.key)}>{f.label}</Defined>
              </dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900">
                <Value text={f.text} reason={f.reason} />
                {f.key.endsWith("Fraction") && f.text !== "—" ? (
                  <span className="ml-2 text-sm font-normal text-slate-500">
                    (
                    {percent(
                      f.key === "agreement.unionFraction"
                        ? agreement.unionFraction
                        : agreement.overlapFraction,
                    )}
                    )
                  </span>
                ) : null}
              </dd>
              {f.note ? <dd className="mt-0.5 text-xs text-slate-500">{f.note}</dd> : null}
            </div>
          ))}
        </dl>
      </div>
      <PairsTable pairs={agreement.pairs} definition={definitions("agreement.pairs")} />
    </Section>
  );
}
