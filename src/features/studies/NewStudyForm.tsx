// "New study": the study's basics (StudyBasics.tsx: name, bin width, language, task, rating
// requirement), audio files (decoded in the browser to check them and read their length) and an
// optional CSV of clip metadata.
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { listStudySummaries, studyToFile } from "../../db/repo.ts";
import type { AnnotationFile } from "../../domain/interchange/types.ts";
import { DEFAULT_TASK, moduleOf, transcriptionDraft, withTask } from "../../domain/tasks/index.ts";
import { plural } from "../../lib/format.ts";
import { studyPath } from "../../lib/routes.ts";
import { notify } from "../../stores/notices.ts";
import { ClipFilesFields } from "./ClipFilesFields.tsx";
import {
  clipsOfFiles,
  createStudyFromFiles,
  createStudyFromStudy,
} from "./createStudyFromFiles.ts";
import { DesignSections, useDesign } from "./DesignSections.tsx";
import { StudyBasicsFields, useStudyBasics } from "./StudyBasics.tsx";
import { clipFilesProblems, useClipFiles } from "./useClipFiles.ts";

const NO_KEYS = {};
const NO_PAIRS: never[] = [];

/** The problems with the form's own fields (the shared ones' are the basics'). */
interface FileErrors {
  files?: string;
  csv?: string;
  design?: string;
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
  const task = basics.draft.task;
  const bin = basics.draft.bin;
  // The source study sets the bin width once it is read (the setter is made anew each render).
  const setBin = useRef(basics.set.bin);
  setBin.current = basics.set.bin;

  // A comparison may take the clips of a study in this browser instead of new files: with the
  // listeners' regions and a model's saliency, the region preference test (Comparison design).
  const fieldId = useId();
  const studies = useLiveQuery(() => listStudySummaries(), []);
  const [sourceId, setSourceId] = useState("");
  const [source, setSource] = useState<AnnotationFile | null>(null);
  useEffect(() => {
    if (sourceId === "") {
      setSource(null);
      return;
    }
    let live = true;
    void studyToFile(sourceId).then((file) => {
      if (!live) return;
      setSource(file ?? null);
      if (file) setBin.current(String(file.study.binSeconds));
    });
    return () => {
      live = false;
    };
  }, [sourceId]);
  const fromStudy = task === "compare" && source !== null ? source : null;
  // The clips as they will be stored (their ids), for the pairs made from them.
  const clips = useMemo(
    () => fromStudy?.clips ?? clipsOfFiles(decodable, files.match?.byFile),
    [fromStudy, decodable, files.match],
  );
  // The views' bins are those of the new study's bin width, as the server will highlight them.
  const viewSource = useMemo(
    () =>
      fromStudy
        ? {
            ...fromStudy,
            study: {
              ...fromStudy.study,
              binSeconds: Number(bin) > 0 ? Number(bin) : fromStudy.study.binSeconds,
            },
          }
        : undefined,
    [fromStudy, bin],
  );
  const design = useDesign(task, clips, NO_KEYS, NO_PAIRS, viewSource);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = basics.check("when-used");
    const made = design.check();
    const found: FileErrors = {
      ...(fromStudy ? {} : clipFilesProblems(files)),
      design: made.ok ? undefined : "the design",
    };
    setErrors(found);
    if (!values || Object.values(found).some(Boolean) || !made.ok) return;
    setSaving(true);
    try {
      if (fromStudy) {
        const id = await createStudyFromStudy({
          name: values.name,
          binSeconds: values.binSeconds,
          requireRating: values.requireRating,
          language: values.language,
          source: fromStudy,
          extra: withTask(made.extra, values.task, values.transcription),
          pairs: made.pairs,
        });
        notify(
          "info",
          `Created “${values.name}” with ${plural(made.main.length, "pair")} from “${fromStudy.study.name}”.`,
        );
        navigate(studyPath(id));
        return;
      }
      const id = await createStudyFromFiles({
        name: values.name,
        binSeconds: values.binSeconds,
        requireRating: values.requireRating,
        language: values.language,
        files: decodable,
        meta: files.match?.byFile,
        extra: withTask(made.extra, values.task, values.transcription),
        pairs: made.pairs,
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

        {task === "compare" && (
          <div>
            <label htmlFor={`${fieldId}-source`} className="block text-sm text-slate-700">
              Clips
            </label>
            <select
              id={`${fieldId}-source`}
              className={INPUT}
              value={sourceId}
              aria-describedby={`${fieldId}-source-h`}
              onChange={(e) => setSourceId(e.target.value)}
            >
              <option value="">New audio files (below)</option>
              {(studies ?? [])
                .filter((s) => s.clips > 0)
                .map((s) => (
                  <option key={s.study.id} value={s.study.id}>
                    {`The clips of “${s.study.name}”`}
                  </option>
                ))}
            </select>
            <p id={`${fieldId}-source-h`} className="mt-1 text-xs text-slate-500">
              A study in this browser: its clips' audio is copied. One with listeners' regions and a
              model's saliency offers the region preference test under Comparison design.
            </p>
            {fromStudy && (
              <p className="mt-1 text-sm text-slate-700">
                {plural(fromStudy.clips.length, "clip")} of “{fromStudy.study.name}”: the new study
                keeps those its pairs play.
              </p>
            )}
          </div>
        )}
        {!fromStudy && (
          <ClipFilesFields
            files={files}
            errors={errors}
            disabled={saving}
            onChange={(field) => setErrors((e) => ({ ...e, [field]: undefined }))}
          />
        )}

        <DesignSections design={design} />

        <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {summary.length > 0 ? (
              <span className="text-red-600">Please fix the problems above.</span>
            ) : fromStudy && design.outcome.ok ? (
              `${plural(design.outcome.main.length, "pair")} ready`
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
