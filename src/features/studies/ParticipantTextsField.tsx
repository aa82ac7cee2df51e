// The researcher's own wording of the participant's pages (`study.participantTexts`), in Edit
// settings (docs/languages.md). The catalogue of the study's language, with the study's own
// texts over it, downloads as the JSON file a translator fills in; the same file is what
// `cli publish --texts FILE.json` takes and what "Load a file" reads back.
import { type ChangeEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { textsProblems } from "../../domain/i18n/catalogue.ts";
import { canonicalTag, languageName } from "../../domain/i18n/languages.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { downloadFile } from "../../lib/download.ts";
import { loadMessages } from "../../lib/i18n.tsx";
import { FieldError } from "./fields.tsx";

/** "" for none, else the texts as the JSON object the form shows. */
export function textsDraft(texts: Record<string, string>): string {
  return Object.keys(texts).length === 0 ? "" : JSON.stringify(texts, null, 2);
}

/** The texts typed in the form, or the problem with them. */
export function parseTexts(draft: string): { texts: Record<string, string> } | { problem: string } {
  if (draft.trim() === "") return { texts: {} };
  let value: unknown;
  try {
    value = JSON.parse(draft);
  } catch (e) {
    return { problem: `not JSON: ${errorMessage(e)}` };
  }
  const problems = textsProblems(value);
  if (problems.length > 0) return { problem: problems.slice(0, 5).join("; ") };
  return { texts: value as Record<string, string> };
}

/** "Participant texts": the study's own wording over the catalogue, as JSON (id → text). */
export function ParticipantTextsField({
  language,
  draft,
  onDraft,
  error,
}: {
  language: string;
  draft: string;
  onDraft(draft: string): void;
  error: string | undefined;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const tag = canonicalTag(language) ?? "en";
  const download = async () => {
    setBusy(true);
    try {
      const parsed = parseTexts(draft);
      const own = "texts" in parsed ? parsed.texts : {};
      const messages = { ...(await loadMessages(tag)), ...own };
      downloadFile({
        fileName: `participant-texts.${tag}.json`,
        mimeType: "application/json",
        data: `${JSON.stringify(messages, null, 2)}\n`,
      });
    } finally {
      setBusy(false);
    }
  };
  // A translator's whole file: only the texts that differ from the catalogue are kept.
  const load = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const text = await file.text();
    const parsed = parseTexts(text);
    if (!("texts" in parsed)) {
      onDraft(text);
      return;
    }
    const catalogue: Record<string, string> = await loadMessages(tag);
    const own = Object.fromEntries(
      Object.entries(parsed.texts).filter(([key, value]) => catalogue[key] !== value),
    );
    onDraft(textsDraft(own));
  };
  return (
    <details className="rounded-md border border-slate-200 p-3" open={draft.trim() !== ""}>
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        Participant texts{" "}
        <span className="font-normal text-slate-500">(your own wording of the pages)</span>
      </summary>
      <p id={`${id}-h`} className="mt-2 text-xs text-slate-500">
        A JSON object of message id → text, over the {languageName(tag)} catalogue: give only the
        texts you want to change (e.g. <code>{'{ "consent.start": "Bắt đầu ngay" }'}</code>), in ICU
        MessageFormat with the same <code>{"{…}"}</code> arguments as the catalogue. Download the
        catalogue for a translator, and load the file they send back.
      </p>
      <label htmlFor={id} className="mt-2 block text-sm text-slate-700">
        Texts (JSON)
      </label>
      <textarea
        id={id}
        rows={draft.trim() === "" ? 2 : 8}
        className={`${INPUT} font-mono text-xs`}
        value={draft}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : `${id}-h`}
        onChange={(e) => onDraft(e.target.value)}
      />
      <FieldError id={`${id}-e`} message={error} />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={busy} onClick={() => void download()}>
          Download the {languageName(tag)} catalogue (JSON)
        </Button>
        <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-slate-900">
          Load a file…
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(e) => void load(e)}
          />
        </label>
      </div>
    </details>
  );
}
