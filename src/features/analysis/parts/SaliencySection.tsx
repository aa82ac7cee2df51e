import type { ReactNode } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import type { Report } from "../../../domain/stats/report.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { count, fixed } from "../format.ts";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const UNDEFINED_R = "fewer than 3 bins, or one side never changes";

/**
 * "Model and listeners": the RedPen paper's Table 4 (Pearson's r between each model's saliency,
 * max-pooled to the bins, and the listeners' bin annotation, overall and per error type), and
 * under it whatever the screen draws per clip (`children`: Figure 1).
 */
export function SaliencySection({
  saliency,
  taxonomy,
  binSeconds,
  children,
}: {
  saliency: NonNullable<Report["saliency"]>;
  taxonomy: readonly TaxonomyEntry[];
  binSeconds: number;
  children?: ReactNode;
}) {
  const models = Object.keys(saliency);
  return (
    <Section
      id="model-and-listeners"
      title="Model and listeners"
      subtitle={`Pearson's r between a model's saliency, max-pooled to the ${binSeconds} s bins, and the crowd's bins (the RedPen paper's Table 4): the share of listeners who marked each bin, and for each error type whether a span labelled with it covers the bin. Over the clips with the model's saliency and a crowd annotation; bins no frame reaches are left out.`}
    >
      <div className="relative overflow-x-auto">
        <Table
          data-figure="saliency.table"
          caption="Pearson's r between each model's saliency and the listeners' bins"
          headRow="caps"
          th="py-2 pr-4 font-medium"
          td="py-1.5 pr-4"
          head={
            <>
              <Th>Listeners' bins</Th>
              {models.map((m) => (
                <Th key={m} numeric weighted={false} className="font-mono normal-case">
                  {m}
                </Th>
              ))}
            </>
          }
        >
          <tr className="border-b border-slate-100 bg-slate-50 font-medium">
            <RowTh className="">Bin annotation (share of listeners)</RowTh>
            {models.map((m) => (
              <Td key={m} className="text-right" data-model={m} data-type="overall">
                <Value text={fixed(ownValue(saliency, m)?.overall ?? null)} reason={UNDEFINED_R} />
              </Td>
            ))}
          </tr>
          {taxonomy.map((t) => (
            <tr key={t.id} className="border-b border-slate-100">
              <RowTh className="font-normal text-slate-700">{t.label}</RowTh>
              {models.map((m) => (
                <Td key={m} className="text-right" data-model={m} data-type={t.id}>
                  <Value
                    text={fixed(ownValue(ownValue(saliency, m)?.byType ?? {}, t.id) ?? null)}
                    reason={UNDEFINED_R}
                  />
                </Td>
              ))}
            </tr>
          ))}
          <tr className="text-slate-600">
            <RowTh>Clips, bins counted</RowTh>
            {models.map((m) => (
              <Td key={m} numeric data-model={m} data-type="counts">
                {count(ownValue(saliency, m)?.clips ?? 0)},{" "}
                {count(ownValue(saliency, m)?.bins ?? 0)}
              </Td>
            ))}
          </tr>
        </Table>
      </div>
      <p className="mt-2 text-xs text-slate-500">— : undefined ({UNDEFINED_R}).</p>
      {children}
    </Section>
  );
}
