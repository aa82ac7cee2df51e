// "New study": name, bin width, rating requirement, audio files (decoded in the browser to
// check them and read their length) and an optional CSV of clip metadata.
import { type FormEvent, useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { type CsvClipRow, matchClipCsv, parseClipCsv } from "../../domain/clipCsv.ts";
import { notify } from "../../stores/notices.ts";
import { AudioFileList } from "./AudioFileList.tsx";
import { AudioPicker } from "./AudioPicker.tsx";
import { type AudioItem, addFiles, decodePending } from "./audioFiles.ts";
import { CsvPicker } from "./CsvPicker.tsx";
import { createStudyFromFiles } from "./createStudyFromFiles.ts";
import { plural } from "./format.ts";

interface FieldErrors {
  name?: string;
  bin?: string;
  files?: string;
  csv?: string;
}

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900 aria-[invalid=true]:border-red-600";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

export function NewStudyForm() {
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  const [bin, setBin] = useState("0.1");
  const [requireRating, setRequireRating] = useState(true);
  const [items, setItems] = useState<AudioItem[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [csv, setCsv] = useState<{ name: string; rows: CsvClipRow[]; errors: string[] }>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const ids = { name: useId(), bin: useId(), rating: useId(), errs: useId() };

  const pending = items.filter((i) => i.status === "pending").length;
  const decodable = items.filter(
    (i): i is Extract<AudioItem, { status: "ok" }> => i.status === "ok",
  );
  const match = useMemo(
    () =>
      csv
        ? matchClipCsv(
            csv.rows,
            decodable.map((i) => i.file.name),
          )
        : undefined,
    [csv, decodable],
  );

  const onFiles = (files: File[]) => {
    const added = addFiles(items, files);
    setRefused(added.refused);
    setItems((prev) => [...prev, ...added.items]);
    setErrors((e) => ({ ...e, files: undefined }));
    void decodePending(added.items, (result) =>
      setItems((prev) => prev.map((i) => (i.key === result.key ? result : i))),
    );
  };

  const onCsv = async (file: File) => {
    const parsed = parseClipCsv(await file.text());
    setCsv({ name: file.name, ...parsed });
    setErrors((e) => ({ ...e, csv: undefined }));
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (name.trim() === "") found.name = "Enter a name for the study.";
    const binSeconds = Number(bin);
    if (bin.trim() === "" || !Number.isFinite(binSeconds) || binSeconds <= 0) {
      found.bin = "Bin width must be a number of seconds greater than 0.";
    }
    if (pending > 0) found.files = "Wait until every file is decoded.";
    else if (decodable.length === 0) {
      found.files = "Add at least one audio file that this browser can decode.";
    }
    if (csv && csv.errors.length > 0) found.csv = "Fix the CSV problems, or remove the CSV.";
    return found;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const id = await createStudyFromFiles({
        name: name.trim(),
        binSeconds: Number(bin),
        requireRating,
        files: decodable,
        meta: match?.byFile,
      });
      notify("info", `Created “${name.trim()}” with ${plural(decodable.length, "clip")}.`);
      navigate(`/studies/${id}`);
    } catch {
      // The repository has shown the error as a notice; the form keeps its contents.
      setSaving(false);
    }
  };

  const summary = Object.values(errors).filter(Boolean);

  return (
    <Card
      title="New study"
      description="Upload the clips to annotate. Everything stays in this browser."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="New study">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <div>
            <label htmlFor={ids.name} className="block text-sm font-medium text-slate-800">
              Study name
            </label>
            <input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. VCC2018 pilot"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids.name}-e` : undefined}
              className={INPUT}
            />
            <FieldError id={`${ids.name}-e`} message={errors.name} />
          </div>
          <div>
            <label htmlFor={ids.bin} className="block text-sm font-medium text-slate-800">
              Bin width (s)
            </label>
            <input
              id={ids.bin}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              value={bin}
              onChange={(e) => setBin(e.target.value)}
              aria-invalid={errors.bin ? true : undefined}
              aria-describedby={errors.bin ? `${ids.bin}-e` : undefined}
              className={INPUT}
            />
            <FieldError id={`${ids.bin}-e`} message={errors.bin} />
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={ids.rating}
            type="checkbox"
            checked={requireRating}
            onChange={(e) => setRequireRating(e.target.checked)}
            className="mt-0.5 size-4 accent-slate-900"
          />
          <label htmlFor={ids.rating} className="text-sm text-slate-800">
            Require a 1–5 naturalness rating before an annotator finishes a clip
          </label>
        </div>

        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">Audio files</legend>
          <AudioPicker onFiles={onFiles} disabled={saving} />
          {pending > 0 && (
            <ProgressBar
              value={items.length - pending}
              max={items.length}
              label={`Decoding ${items.length - pending + 1} of ${items.length}`}
            />
          )}
          {refused.length > 0 && (
            <ul className="text-sm text-amber-800">
              {refused.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          <AudioFileList
            items={items}
            onRemove={(key) => setItems((prev) => prev.filter((i) => i.key !== key))}
          />
          <FieldError id={`${ids.errs}-files`} message={errors.files} />
        </fieldset>

        <CsvPicker
          fileName={csv?.name}
          errors={csv?.errors ?? []}
          warnings={match?.unmatched ?? []}
          onFile={(f) => void onCsv(f)}
          onClear={() => setCsv(undefined)}
        />
        <FieldError id={`${ids.errs}-csv`} message={errors.csv} />

        <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {summary.length > 0 ? (
              <span className="text-red-600">Please fix the problems above.</span>
            ) : decodable.length > 0 ? (
              `${plural(decodable.length, "clip")} ready`
            ) : (
              ""
            )}
          </p>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? "Creating…" : "Create study"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
