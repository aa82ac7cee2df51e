import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import { definitionOf } from "../../../domain/stats/definitions.ts";
import type { Report } from "../../../domain/stats/report.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { count, fixed } from "../format.ts";
import { Defined } from "./Defined.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const BOTH_CONSTANT = "neither or both always ticked it";

/** How far experts agree on the reasons of the spans they both labelled. */
export function ExpertAgreementSection({
  agreement,
  taxonomy,
}: {
  agreement: Report["expertAgreement"];
  taxonomy: readonly TaxonomyEntry[];
}) {
  const { pairs } = agreement;
  return (
    <Section
      id="expert-agreement"
      title="Expert agreement on reasons"
      subtitle="Cohen's kappa between two labellers over the spans both labelled: was each reason ticked or not. The RedPen paper did not measure this."
    >
      {pairs.length === 0 ? (
        <p className="text-sm text-slate-600">
          No two annotators have labelled reasons on the same span yet. Give two experts the same
          clips to measure how far they agree.
        </p>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span
              className="text-xs font-medium tracking-wide text-slate-500 uppercase"
              data-figure="expertAgreement.mean"
            >
              <Defined definition={definitionOf("expertAgreement.mean")}>
                Mean kappa, all reasons
              </Defined>
            </span>
            <span className="text-3xl font-semibold text-slate-900">
              <Value text={fixed(agreement.overall)} reason={BOTH_CONSTANT} />
            </span>
            <span className="text-sm text-slate-600">
              over {count(pairs.length)} {pairs.length === 1 ? "pair" : "pairs"} of labellers
            </span>
          </div>
          <div className="relative overflow-x-auto">
            <Table
              caption="Kappa per reason for each pair of labellers and the mean over pairs"
              headRow="caps"
              th="py-2 pr-4 font-medium"
              td="py-1.5 pr-4"
              head={
                <>
                  <Th>Reason</Th>
                  {pairs.map((p) => (
                    <Th key={`${p.a}\u0000${p.b}`} numeric className="normal-case">
                      <Defined definition={definitionOf("expertAgreement.pair")}>
                        <span className="font-mono">
                          {p.a} – {p.b}
                        </span>
                      </Defined>
                    </Th>
                  ))}
                  <Th numeric last>
                    Mean
                  </Th>
                </>
              }
            >
              {taxonomy.map((t) => (
                <tr key={t.id} className="border-b border-slate-100">
                  <RowTh className="font-normal text-slate-700">{t.label}</RowTh>
                  {pairs.map((p) => (
                    <Td key={`${p.a}\u0000${p.b}`} className="text-right">
                      <Value text={fixed(ownValue(p.byReason, t.id) ?? null)} />
                    </Td>
                  ))}
                  <Td last className="text-right font-medium">
                    <Value text={fixed(ownValue(agreement.byReason, t.id) ?? null)} />
                  </Td>
                </tr>
              ))}
              <tr className="border-b border-slate-100 bg-slate-50 font-medium">
                <RowTh className="">All reasons</RowTh>
                {pairs.map((p) => (
                  <Td key={`${p.a}\u0000${p.b}`} className="text-right">
                    <Value text={fixed(p.overall)} />
                  </Td>
                ))}
                <Td last className="text-right">
                  <Value text={fixed(agreement.overall)} />
                </Td>
              </tr>
              <tr className="text-slate-600">
                <RowTh>Spans both labelled</RowTh>
                {pairs.map((p) => (
                  <Td key={`${p.a}\u0000${p.b}`} numeric>
                    {count(p.spans)}
                  </Td>
                ))}
                <td />
              </tr>
            </Table>
          </div>
          <p className="mt-2 text-xs text-slate-500">
            — : undefined for that pair ({BOTH_CONSTANT} on every shared span).
          </p>
        </>
      )}
    </Section>
  );
}
