// The language a study is given in (`study.language`), in New study and Edit settings
// (docs/languages.md). Light on purpose: New study is on the first screen, so this imports
// no catalogue and no i18n library.
import { useId, useState } from "react";
import { INPUT } from "../../components/inputClass.ts";
import {
  canonicalTag,
  catalogueFor,
  LANGUAGE_CHOICES,
  languageName,
  languageProblem,
} from "../../domain/i18n/languages.ts";
import { FieldError } from "./fields.tsx";

const OTHER = "other";

/** The language select, with "Another language (BCP 47 tag)" for one without a catalogue. */
export function LanguageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(tag: string): void;
  error?: string | undefined;
}) {
  const id = useId();
  const shipped = LANGUAGE_CHOICES.some((c) => c.tag === value);
  const [other, setOther] = useState(!shipped);
  const fallback = !catalogueFor(value) && canonicalTag(value) !== null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Language of the participant's pages
      </label>
      <select
        id={id}
        className={INPUT}
        value={other ? OTHER : value}
        aria-describedby={`${id}-h`}
        onChange={(e) => {
          if (e.target.value === OTHER) {
            setOther(true);
          } else {
            setOther(false);
            onChange(e.target.value);
          }
        }}
      >
        {LANGUAGE_CHOICES.map((c) => (
          <option key={c.tag} value={c.tag}>
            {c.label}
          </option>
        ))}
        <option value={OTHER}>Another language (BCP 47 tag)…</option>
      </select>
      {other && (
        <>
          <label htmlFor={`${id}-tag`} className="mt-2 block text-sm text-slate-700">
            Language tag
          </label>
          <input
            id={`${id}-tag`}
            className={INPUT}
            value={value}
            placeholder="e.g. th, zh-Hant, pt-BR"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        </>
      )}
      <p id={`${id}-h`} className="mt-1 text-xs text-slate-500">
        Consent, intake, headphone check, the clip screen and the end pages are shown in it. Write
        your own texts (consent, instructions, rating question, intake questions) in it too.
        {fallback
          ? ` ${languageName(value)} has no catalogue: its pages read English except for the participant texts you give below.`
          : ""}
      </p>
      <FieldError id={`${id}-e`} message={error} />
    </div>
  );
}

export function languageFieldProblem(tag: string): string | undefined {
  return languageProblem(tag);
}
