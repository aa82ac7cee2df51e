// "Protocol (for the report)" in the study settings: the details of a listening test that only
// the researcher knows (platform, recruitment filters, qualification, listening setup, pay,
// dates). Stored as `study.protocol`; the protocol report says "not reported" for each one left
// empty (domain/report/protocol.ts).
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import { PROTOCOL_KEYS, type ProtocolSettings } from "../../domain/report/protocolSettings.ts";
import { FieldError } from "./fields.tsx";

/** The form's text for each field. */
export type ProtocolDraft = Record<(typeof PROTOCOL_KEYS)[number], string>;

export function protocolDraft(settings: ProtocolSettings): ProtocolDraft {
  return {
    platform: settings.platform ?? "",
    recruitment: settings.recruitment ?? "",
    qualification: settings.qualification ?? "",
    listening: settings.listening ?? "",
    payAmount: settings.payAmount === undefined ? "" : String(settings.payAmount),
    currency: settings.currency ?? "",
    dates: settings.dates ?? "",
  };
}

/** Why the draft cannot be saved, or undefined. */
export function protocolProblem(draft: ProtocolDraft): string | undefined {
  const pay = draft.payAmount.trim();
  if (pay !== "" && !(Number.isFinite(Number(pay)) && Number(pay) >= 0))
    return "Pay per participant must be a number of 0 or more (e.g. 2.50).";
  return undefined;
}

/**
 * `extra` with `protocol` set from the draft: known keys set or removed, other keys of an
 * existing protocol object kept. A protocol that is not an object (older free text) is left as
 * it was unless a field was filled in.
 */
export function withProtocol(
  extra: Record<string, unknown>,
  draft: ProtocolDraft,
): Record<string, unknown> {
  const current = extra.protocol;
  const isObject = typeof current === "object" && current !== null && !Array.isArray(current);
  const next: Record<string, unknown> = isObject ? { ...(current as Record<string, unknown>) } : {};
  let filled = false;
  for (const key of PROTOCOL_KEYS) {
    const text = draft[key].trim();
    delete next[key];
    if (text === "") continue;
    next[key] = key === "payAmount" ? Number(text) : text;
    filled = true;
  }
  const { protocol: _old, ...rest } = extra;
  if (!isObject && !filled) return extra;
  return Object.keys(next).length === 0 ? rest : { ...rest, protocol: next };
}

const FIELDS: { key: keyof ProtocolDraft; label: string; placeholder: string }[] = [
  { key: "platform", label: "Platform", placeholder: "e.g. Prolific" },
  {
    key: "recruitment",
    label: "Recruitment filters",
    placeholder: "e.g. UK residents, English first language, approval ≥ 95%",
  },
  { key: "qualification", label: "Qualification", placeholder: "e.g. none; a training clip" },
  {
    key: "listening",
    label: "Listening setup asked for",
    placeholder: "e.g. headphones, quiet room",
  },
  { key: "dates", label: "Dates", placeholder: "e.g. 3–5 November 2026" },
];

export function ProtocolFields({
  draft,
  onChange,
  error,
}: {
  draft: ProtocolDraft;
  onChange(draft: ProtocolDraft): void;
  error: string | undefined;
}) {
  const id = useId();
  const set = (key: keyof ProtocolDraft, value: string) => onChange({ ...draft, [key]: value });
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Protocol (for the report)</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.key}>
            <label htmlFor={`${id}-${f.key}`} className="block text-sm text-slate-700">
              {f.label}
            </label>
            <input
              id={`${id}-${f.key}`}
              className={INPUT}
              placeholder={f.placeholder}
              value={draft[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
            />
          </div>
        ))}
        <div className="grid grid-cols-[1fr_6rem] gap-2">
          <div>
            <label htmlFor={`${id}-pay`} className="block text-sm text-slate-700">
              Pay per participant
            </label>
            <input
              id={`${id}-pay`}
              className={INPUT}
              inputMode="decimal"
              placeholder="e.g. 2.50"
              value={draft.payAmount}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-e` : undefined}
              onChange={(e) => set("payAmount", e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-cur`} className="block text-sm text-slate-700">
              Currency
            </label>
            <input
              id={`${id}-cur`}
              className={INPUT}
              placeholder="GBP"
              value={draft.currency}
              onChange={(e) => set("currency", e.target.value)}
            />
          </div>
        </div>
      </div>
      <FieldError id={`${id}-e`} message={error} />
      <p className="mt-2 text-xs text-slate-500">
        Chiang et al. (2023) found that these details alone can reorder systems and that most papers
        leave them out: the protocol report says "not reported" for each one left empty.
      </p>
    </fieldset>
  );
}
