import { useMemo } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import type { Report } from "../../../domain/stats/report.ts";
import type { SystemErrorBootstrap } from "../../../domain/stats/resample.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { PER_SAMPLE_NULL } from "../explain.ts";
import { count, fixed } from "../format.ts";
import { orderSystems } from "../palette.ts";
import { Defined } from "./Defined.tsx";
import { type ErrorBar, ErrorTypesChart } from "./ErrorTypesChart.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

/** Which errors each system makes: reason counts per annotated clip, chart and table. */
export function ErrorTypesSection({
  errorTypes,
  taxonomy,
  definition,
  bootstrap,
}: {
  errorTypes: Report["errorTypes"];
  taxonomy: readonly TaxonomyEntry[];
  definition: string;
  /** Resampling estimates per system (beyond the spec), when the worker made them. */
  bootstrap?: Record<string, SystemErrorBootstrap> | undefined;
}) {
  const systems = useMemo(() => orderSystems(Object.keys(errorTypes.bySystem)), [errorTypes]);
  const types = useMemo(() => {
    const known = new Set(taxonomy.map((t) => t.id));
    const extra = Object.keys(errorTypes.overall.perSample).filter((id) => !known.has(id));
    return [
      ...taxonomy.map((t) => ({ id: t.id, label: t.label })),
      ...extra.map((id) => ({ id, label: id })),
    ];
  }, [taxonomy, errorTypes]);
  const bars = useMemo(() => {
    const out: ErrorBar[] = [];
    for (const t of types) {
      for (const system of systems) {
        const v = ownValue(ownValue(errorTypes.bySystem, system)?.perSample, t.id);
        if (typeof v !== "number") continue;
        const ci = ownValue(ownValue(bootstrap, system)?.perSample, t.id);
        out.push({
          type: t.id,
          label: t.label,
          system,
          perSample: v,
          ...(ci ? { lo: ci[0], hi: ci[1] } : {}),
        });
      }
    }
    return out;
  }, [types, systems, errorTypes, bootstrap]);
  const labelled = Object.values(errorTypes.overall.perSample).some((v) => (v ?? 0) > 0);
  const typeLabels = useMemo(() => types.map((t) => t.label), [types]);
  return (
    <Section
      id="error-types"
      title="Error types per system"
      subtitle={
        <>
          The RedPen paper's Figure 3:{" "}
          <Defined definition={definition}>reasons per annotated clip</Defined>, so systems with
          more clips do not look worse for it.
        </>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <figure className="min-w-0">
          {labelled ? (
            <ErrorTypesChart bars={bars} typeLabels={typeLabels} systems={systems} />
          ) : (
            <p className="flex h-48 items-center justify-center rounded-md bg-slate-50 px-6 text-center text-sm text-slate-500">
              No reasons yet: the chart fills in once experts tag spans with error types.
            </p>
          )}
          <figcaption className="mt-2 text-xs text-slate-500">
            Bars grouped by system; height = how often a reason was given on that system's clips,
            divided by its annotated clips.
            {bootstrap
              ? " Error bars: bootstrap 95% intervals drawing annotators and sentences together (a resampling estimate, not part of the spec)."
              : ""}
          </figcaption>
        </figure>
        <div className="relative overflow-x-auto">
          <Table
            caption="Reasons per annotated clip (annotated clips in brackets)"
            captionStyle="note"
            td="py-1 pr-3"
            head={
              <>
                <Th>Error type</Th>
                {systems.map((s) => (
                  <Th key={s} numeric>
                    {s}{" "}
                    <span className="font-normal">
                      ({count(ownValue(errorTypes.bySystem, s)?.clips ?? 0)})
                    </span>
                  </Th>
                ))}
                <Th numeric last>
                  All <span className="font-normal">({count(errorTypes.overall.clips)})</span>
                </Th>
              </>
            }
            foot={
              bootstrap ? (
                <tr className="border-t border-slate-200 text-xs">
                  <RowTh className="font-normal text-slate-600">
                    Unnatural seconds per annotation (bootstrap 95%)
                  </RowTh>
                  {systems.map((s) => {
                    const length = ownValue(bootstrap, s)?.length;
                    return (
                      <Td key={s} className="text-right" data-figure={`length.${s}`}>
                        <Value
                          text={
                            length
                              ? `${fixed(length.mean, 2)}${length.ci95 ? ` [${fixed(length.ci95[0], 2)}, ${fixed(length.ci95[1], 2)}]` : ""}`
                              : "—"
                          }
                          reason="no annotation"
                        />
                      </Td>
                    );
                  })}
                  <td />
                </tr>
              ) : null
            }
          >
            {types.map((t) => (
              <tr key={t.id} className="border-b border-slate-100 last:border-0">
                <RowTh>{t.label}</RowTh>
                {systems.map((s) => (
                  <Td key={s} className="text-right">
                    <Value
                      text={fixed(
                        ownValue(ownValue(errorTypes.bySystem, s)?.perSample, t.id) ?? null,
                      )}
                      reason={PER_SAMPLE_NULL}
                    />
                  </Td>
                ))}
                <Td last className="text-right font-medium">
                  <Value
                    text={fixed(ownValue(errorTypes.overall.perSample, t.id) ?? null)}
                    reason={PER_SAMPLE_NULL}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      </div>
    </Section>
  );
}
