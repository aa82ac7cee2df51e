import { useId, useMemo, useState } from "react";
import { Table, Td, Th } from "../../../components/Table.tsx";
import type { ConsensusAnnotator } from "../../../domain/stats/consensus.ts";
import { definitionOf } from "../../../domain/stats/definitions.ts";
import type { AnnotatorQuality } from "../../../domain/study/qualityRules.ts";
import { REFERENCE_NULL } from "../explain.ts";
import { count, fixed, parseThreshold } from "../format.ts";
import { DEFAULT_THRESHOLD, isFlagged } from "../quality.ts";
import { Defined } from "./Defined.tsx";
import { Pager } from "./Pager.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const PAGE = 25;

const NOT_CROWD = "not a crowd annotator";
const NO_SHARED = "no clip with another crowd annotation";

/** Annotators and how much of the natural reference clips they marked, flagged above a threshold. */
export function AnnotatorQualitySection({
  annotators: all,
  definition,
  nonCrowd = [],
  reliability = [],
}: {
  annotators: readonly AnnotatorQuality[];
  definition: string;
  /** Experts and researchers: listed, never flagged. */
  nonCrowd?: readonly string[];
  /** Each crowd annotator against the consensus (report.consensus.workers). */
  reliability?: readonly ConsensusAnnotator[];
}) {
  const notCrowd = useMemo(() => new Set(nonCrowd), [nonCrowd]);
  // Crowd annotators without a finished clip (screened out, or gone before one) are not
  // annotators here: listing them would mark people who heard nothing "OK".
  const annotators = useMemo(
    () => all.filter((a) => a.annotations > 0 || a.regions > 0 || notCrowd.has(a.id)),
    [all, notCrowd],
  );
  const unlisted = all.length - annotators.length;
  const byWorker = useMemo(() => new Map(reliability.map((w) => [w.id, w])), [reliability]);
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(String(DEFAULT_THRESHOLD));
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [page, setPage] = useState(0);
  const parsed = parseThreshold(text);
  const flagged = useMemo(
    () => annotators.filter((a) => isFlagged(a, threshold, notCrowd)),
    [annotators, threshold, notCrowd],
  );
  const shown = flaggedOnly ? flagged : annotators;
  const rows = shown.slice(page * PAGE, (page + 1) * PAGE);
  const withReference = annotators.filter((a) => a.referenceMarkedFraction !== null).length;

  return (
    <Section
      id="annotators"
      title="Annotator quality"
      subtitle="Natural reference recordings should be marked little: a high share flags an annotator to check. Against the crowd consensus, a low sensitivity misses problems and a low specificity marks what is fine."
    >
      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Flag above reference share
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.05}
            value={text}
            aria-invalid={!parsed.ok}
            aria-describedby={parsed.ok ? undefined : errorId}
            className={`mt-1 w-28 rounded-md border px-2 py-1 text-sm tabular-nums ${
              parsed.ok ? "border-slate-300" : "border-red-600"
            }`}
            onChange={(e) => {
              setText(e.target.value);
              const next = parseThreshold(e.target.value);
              if (next.ok) {
                setThreshold(next.value);
                setPage(0);
              }
            }}
          />
          {parsed.ok ? null : (
            <p id={errorId} className="mt-1 text-sm text-red-600">
              {parsed.error}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={flaggedOnly}
            onChange={(e) => {
              setFlaggedOnly(e.target.checked);
              setPage(0);
            }}
          />
          Show flagged only
        </label>
        <p className="text-sm text-slate-600" aria-live="polite">
          <strong className="font-semibold text-slate-900">{count(flagged.length)}</strong> of{" "}
          {count(annotators.filter((a) => !notCrowd.has(a.id)).length)}{" "}
          {notCrowd.size > 0 ? "crowd annotators" : "annotators"} flagged (share &gt;{" "}
          {fixed(threshold, 2)}); {count(withReference)} annotated a reference clip.
          {unlisted > 0 &&
            ` Not listed: ${count(unlisted)} crowd participant${unlisted === 1 ? "" : "s"} without a finished clip (screened out, or gone before one).`}
        </p>
      </div>
      {annotators.length === 0 ? (
        <p className="text-sm text-slate-600">No annotators yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <Table
            caption="Annotators with their reference marked share"
            headRow="caps"
            th="py-2 pr-4 font-medium"
            td="py-1.5 pr-4"
            head={
              <>
                <Th>Annotator</Th>
                <Th numeric>
                  <Defined definition={definitionOf("annotator.annotations")}>Annotations</Defined>
                </Th>
                <Th numeric>
                  <Defined definition={definitionOf("annotator.regions")}>Regions</Defined>
                </Th>
                <Th numeric>
                  <Defined definition={definition}>Reference marked</Defined>
                </Th>
                <Th numeric>
                  <Defined definition={definitionOf("consensus.sensitivity")}>Sensitivity</Defined>
                </Th>
                <Th numeric>
                  <Defined definition={definitionOf("consensus.specificity")}>Specificity</Defined>
                </Th>
                <Th numeric className="whitespace-nowrap">
                  <Defined definition={definitionOf("consensus.kappaModel")}>
                    <span className="normal-case">κ</span> model
                  </Defined>
                </Th>
                <Th numeric className="whitespace-nowrap">
                  <Defined definition={definitionOf("consensus.kappaMajority")}>
                    <span className="normal-case">κ</span> majority
                  </Defined>
                </Th>
                <Th last>Status</Th>
              </>
            }
          >
            {rows.map((a) => {
              const flag = isFlagged(a, threshold, notCrowd);
              const w = byWorker.get(a.id);
              const why = notCrowd.has(a.id) ? NOT_CROWD : NO_SHARED;
              return (
                <tr
                  key={a.id}
                  data-flagged={flag ? "true" : undefined}
                  className={`border-b border-slate-100 last:border-0 ${flag ? "bg-red-50" : ""}`}
                >
                  <Td
                    className={`font-mono text-xs ${flag ? "border-l-4 border-red-600 pl-2" : "pl-3"}`}
                  >
                    {a.id}
                  </Td>
                  <Td numeric>{count(a.annotations)}</Td>
                  <Td numeric>{count(a.regions)}</Td>
                  <Td className="text-right">
                    <Value text={fixed(a.referenceMarkedFraction)} reason={REFERENCE_NULL} />
                  </Td>
                  <Td className="text-right" data-column="sensitivity">
                    <Value text={fixed(w?.sensitivity)} reason={why} />
                  </Td>
                  <Td className="text-right" data-column="specificity">
                    <Value text={fixed(w?.specificity)} />
                  </Td>
                  <Td className="text-right" data-column="kappaModel">
                    <Value text={fixed(w?.kappaModel)} />
                  </Td>
                  <Td className="text-right" data-column="kappaMajority">
                    <Value text={fixed(w?.kappaMajority)} />
                  </Td>
                  <Td last>
                    {flag ? (
                      <span className="font-semibold text-red-700">
                        <span aria-hidden="true">⚑ </span>Flagged: above {fixed(threshold, 2)}
                      </span>
                    ) : notCrowd.has(a.id) ? (
                      <span className="text-slate-500">Expert or researcher: not checked</span>
                    ) : (
                      <span className="text-slate-500">OK</span>
                    )}
                  </Td>
                </tr>
              );
            })}
          </Table>
          {shown.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No annotator is above the threshold.</p>
          ) : null}
        </div>
      )}
      <Pager label="Annotators" page={page} pageSize={PAGE} total={shown.length} onPage={setPage} />
    </Section>
  );
}
