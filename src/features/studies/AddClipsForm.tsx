// "Add clips" on the study page: more audio files (and optionally their CSV metadata) appended
// after the study's existing clips. A file named like a clip the study has is refused.
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { useFocusFirst } from "../../components/useFocusFirst.ts";
import { type ClipRecord, clipsWithoutAudio } from "../../db/repo.ts";
import { plural } from "../../lib/format.ts";
import { notify } from "../../stores/notices.ts";
import { ClipFilesFields } from "./ClipFilesFields.tsx";
import { addClipsFromFiles } from "./createStudyFromFiles.ts";
import { clipFilesProblems, useClipFiles } from "./useClipFiles.ts";

export function AddClipsForm({
  studyId,
  clips,
  onDone,
}: {
  studyId: string;
  clips: readonly ClipRecord[];
  /** Called after adding or cancelling. */
  onDone: () => void;
}) {
  const withoutAudio = useLiveQuery(() => clipsWithoutAudio(studyId), [studyId]);
  const inStudy = useMemo(
    () => ({ names: new Set(clips.map((c) => c.name)), withoutAudio: new Set(withoutAudio) }),
    [clips, withoutAudio],
  );
  const loaded = useClipFiles(inStudy);
  // Files chosen before the study's clips without audio are known (a moment after the form
  // opens) wait for them: taken at once, a clip's audio would be refused as a name the study
  // has, not with where its audio goes.
  const [held, setHeld] = useState<File[]>([]);
  const known = withoutAudio !== undefined;
  useEffect(() => {
    if (!known || held.length === 0) return;
    loaded.addFiles(held);
    setHeld([]);
  }, [known, held, loaded]);
  const files = known
    ? loaded
    : { ...loaded, addFiles: (chosen: File[]) => setHeld((prev) => [...prev, ...chosen]) };
  const [errors, setErrors] = useState<{ files?: string; csv?: string }>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirst(form);
  const count = files.decodable.length;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = clipFilesProblems(files);
    setErrors(found);
    if (found.files || found.csv) return;
    setSaving(true);
    try {
      const added = await addClipsFromFiles(studyId, files.decodable, files.match?.byFile);
      notify("info", `Added ${plural(added, "clip")}.`);
      onDone();
    } catch {
      // The repository has shown the error as a notice; nothing was added, the form stays.
      setSaving(false);
    }
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-label="Add clips" className="space-y-5">
      <ClipFilesFields
        files={files}
        errors={errors}
        disabled={saving}
        onChange={(field) => setErrors((prev) => ({ ...prev, [field]: undefined }))}
      />
      <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {errors.files || errors.csv ? (
            <span className="text-red-600">Please fix the problems above.</span>
          ) : count > 0 ? (
            `${plural(count, "clip")} ready; they go after clip ${clips.length}.`
          ) : (
            ""
          )}
        </p>
        <div className="flex gap-2">
          <Button type="button" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? "Adding…" : "Add clips"}
          </Button>
        </div>
      </div>
    </form>
  );
}
