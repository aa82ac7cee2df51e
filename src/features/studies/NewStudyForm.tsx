// "New study": the study's basics (StudyBasics.tsx: name, bin width, language, task, rating
// requirement), audio files (decoded in the browser to check them and read their length) and an
// optional CSV of clip metadata.
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { DEFAULT_TASK, moduleOf, transcriptionDraft, withTask } from "../../domain/tasks/index.ts";
import { plural } from "../../lib/format.ts";
import { studyPath } from "../../lib/routes.ts";
import { notify } from "../../stores/notices.ts";
import { ClipFilesFields } from "./ClipFilesFields.tsx";
import { createStudyFromFiles } from "./createStudyFromFiles.ts";
import { StudyBasicsFields, useStudyBasics } from "./StudyBasics.tsx";
import { clipFilesProblems, useClipFiles } from "./useClipFiles.ts";

/** The problems with the form's own fields (the shared ones' are the basics'). */
interface FileErrors {
  files?: string;
  csv?: string;
}

export function NewStudyForm() {
  const [, navigate] = useLocation();
  const basics = useStudyBasics(() => ({
    name: "",
    bin: "0.1",
    language: "en",
    task: DEFAULT_TASK,
    requireRating: moduleOf(DEFAULT_TASK).rating.defaultRequired,
    transcription: transcriptionDraft({}),
  }));
  const files = useClipFiles();
  const [errors, setErrors] = useState<FileErrors>({});
  const [saving, setSaving] = useState(false);
  const { decodable } = files;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = basics.check("when-used");
    const found = clipFilesProblems(files);
    setErrors(found);
    if (!values || Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const id = await createStudyFromFiles({
        name: values.name,
        binSeconds: values.binSeconds,
        requireRating: values.requireRating,
        language: values.language,
        files: decodable,
        meta: files.match?.byFile,
        extra: withTask({}, values.task, values.transcription),
      });
      notify("info", `Created “${values.name}” with ${plural(decodable.length, "clip")}.`);
      navigate(studyPath(id));
    } catch {
      // The repository has shown the error as a notice; the form keeps its contents.
      setSaving(false);
    }
  };

  const summary = [...Object.values(basics.errors), ...Object.values(errors)].filter(Boolean);

  return (
    <Card
      title="New study"
      description="Upload the clips to annotate. Everything stays in this browser."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="New study">
        <StudyBasicsFields basics={basics} namePlaceholder="e.g. VCC2018 pilot" />

        <ClipFilesFields
          files={files}
          errors={errors}
          disabled={saving}
          onChange={(field) => setErrors((e) => ({ ...e, [field]: undefined }))}
        />

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
