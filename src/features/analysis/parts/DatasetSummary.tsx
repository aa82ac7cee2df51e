import type { FigureKey } from "../../../domain/stats/definitions.ts";
import type { Report } from "../../../domain/stats/report.ts";
import type { DatasetRow } from "../../../domain/tasks/index.ts";
import { datasetReasons } from "../explain.ts";
import { count, fixed } from "../format.ts";
import { Defined } from "./Defined.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

/** The dataset figures: the RedPen paper's Table 1. */
export function DatasetSummary({
  dataset,
  rows: shown,
  definitions,
}: {
  dataset: Report["dataset"];
  /** The rows the study's task shows (domain/tasks `datasetRows`), in their order. */
  rows: readonly DatasetRow[];
  definitions: (key: FigureKey) => string;
}) {
  const why = datasetReasons(dataset);
  const all: { key: FigureKey; label: string; text: string; reason?: string | undefined }[] = [
    { key: "dataset.clips", label: "Clips", text: count(dataset.clips) },
    {
      key: "dataset.annotatedClips",
      label: "Annotated clips",
      text: count(dataset.annotatedClips),
    },
    { key: "dataset.annotations", label: "Annotations", text: count(dataset.annotations) },
    {
      key: "dataset.meanDuration",
      label: "Mean duration (s)",
      text: fixed(dataset.meanDuration, 2),
      reason: why.meanDuration,
    },
    {
      key: "dataset.regionsPerAnnotation",
      label: "Regions per annotation",
      text: fixed(dataset.regionsPerAnnotation, 2),
      reason: why.regionsPerAnnotation,
    },
    {
      key: "dataset.meanRegionLength",
      label: "Mean region length (s)",
      text: fixed(dataset.meanRegionLength, 3),
      reason: why.meanRegionLength,
    },
    {
      key: "dataset.reasonLabelsPerRegion",
      label: "Reason labels per region",
      text: fixed(dataset.reasonLabelsPerRegion, 2),
      reason: why.reasonLabelsPerRegion,
    },
  ];
  const rows = shown.flatMap((row) => all.filter((r) => r.key === `dataset.${row}`));
  return (
    <Section
      id="dataset"
      title="Dataset"
      subtitle="The figures of the RedPen paper's Table 1, for this study."
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4 lg:grid-cols-7">
        {rows.map((row) => (
          <div key={row.key} className="flex min-w-0 flex-col" data-figure={row.key}>
            {/* Labels take two lines' height, so every value starts on the same line, with or
                without a note on why it is undefined below it. */}
            <dt className="min-h-8 text-xs font-medium tracking-wide text-slate-500 uppercase">
              <Defined definition={definitions(row.key)}>{row.label}</Defined>
            </dt>
            <dd className="pt-1 text-xl font-semibold text-slate-900">
              <Value text={row.text} reason={row.reason} />
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
