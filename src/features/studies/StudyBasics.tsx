// The settings New study and Edit settings share, wired once: the study's name and bin width,
// the language of the participant's pages, the task (with a transcription test's settings) and
// whether the rating is required. `useStudyBasics` holds their state and checks them;
// `StudyBasicsFields` lays them out, with the form's own fields between name and language.
import { type ReactNode, useState } from "react";
import type { StudyTask, TranscriptionSettings } from "../../domain/interchange/types.ts";
import {
  moduleOf,
  requiresRating,
  type TaskModule,
  type TranscriptionDraft,
  transcriptionFromDraft,
} from "../../domain/tasks/index.ts";
import { binProblem, NameAndBinFields, nameProblem, RequireRatingField } from "./fields.tsx";
import { LanguageField, languageFieldProblem } from "./LanguageField.tsx";
import { TaskFields } from "./TaskFields.tsx";

/** The shared fields as typed. */
export interface StudyBasicsDraft {
  name: string;
  /** The bin width as typed, in seconds. */
  bin: string;
  language: string;
  task: StudyTask;
  /** The researcher's choice where the task leaves the rating to them (RequireRatingField). */
  requireRating: boolean;
  transcription: TranscriptionDraft;
}

/** The problem with each shared field; `task` names the transcription settings for a summary. */
export interface StudyBasicsErrors {
  name?: string | undefined;
  bin?: string | undefined;
  language?: string | undefined;
  task?: string | undefined;
}

/** The shared fields checked, as a study stores them. */
export interface StudyBasicsValues {
  name: string;
  binSeconds: number;
  /** The task's rule where it has one, otherwise the researcher's choice. */
  requireRating: boolean;
  /** The language as typed, trimmed. */
  language: string;
  task: StudyTask;
  /** A transcription test's settings; empty when they were not checked (see `check`). */
  transcription: TranscriptionSettings;
}

export interface StudyBasics {
  draft: StudyBasicsDraft;
  /** The draft's task module. */
  module: TaskModule;
  errors: StudyBasicsErrors;
  /** The transcription settings' problems, by draft field. */
  taskProblems: Record<string, string>;
  set: { [K in keyof StudyBasicsDraft]: (value: StudyBasicsDraft[K]) => void };
  /**
   * Checks the fields and shows their problems; returns the values to store, or undefined when
   * one has a problem. The transcription settings are checked `always` (Edit settings keeps them
   * when another task is chosen, so switching back finds them) or only `when-used` by the task.
   */
  check(transcription: "always" | "when-used"): StudyBasicsValues | undefined;
}

export function useStudyBasics(initial: () => StudyBasicsDraft): StudyBasics {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<StudyBasicsErrors>({});
  const [taskProblems, setTaskProblems] = useState<Record<string, string>>({});
  const module = moduleOf(draft.task);
  const setter =
    <K extends keyof StudyBasicsDraft>(key: K) =>
    (value: StudyBasicsDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const set = {
    name: setter("name"),
    bin: setter("bin"),
    language: setter("language"),
    task: setter("task"),
    requireRating: setter("requireRating"),
    transcription: setter("transcription"),
  };

  const check = (when: "always" | "when-used"): StudyBasicsValues | undefined => {
    const settings =
      when === "always" || module.transcriptionSettings
        ? transcriptionFromDraft(draft.transcription)
        : null;
    setTaskProblems(settings && !settings.ok ? settings.problems : {});
    const found: StudyBasicsErrors = {
      name: nameProblem(draft.name),
      bin: binProblem(draft.bin),
      language: languageFieldProblem(draft.language),
      task: settings && !settings.ok ? "the transcription settings" : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return undefined;
    return {
      name: draft.name.trim(),
      binSeconds: Number(draft.bin),
      requireRating: requiresRating(module, draft.requireRating),
      language: draft.language.trim(),
      task: draft.task,
      transcription: settings?.ok ? settings.settings : {},
    };
  };

  return { draft, module, errors, taskProblems, set, check };
}

/**
 * Name and bin width, then `children` (the form's own fields), then language, task and the
 * rating requirement. `onLanguage` replaces the plain language setter where a form follows it.
 */
export function StudyBasicsFields({
  basics,
  namePlaceholder,
  binHint,
  onLanguage,
  children,
}: {
  basics: StudyBasics;
  namePlaceholder?: string;
  /** A line under the bin width while it has no problem. */
  binHint?: string;
  onLanguage?: (tag: string) => void;
  children?: ReactNode;
}) {
  const { draft, set, errors } = basics;
  return (
    <>
      <NameAndBinFields
        name={draft.name}
        onName={set.name}
        bin={draft.bin}
        onBin={set.bin}
        errors={errors}
        namePlaceholder={namePlaceholder}
        binHint={binHint}
      />
      {children}
      <LanguageField
        value={draft.language}
        onChange={onLanguage ?? set.language}
        error={errors.language}
      />
      <TaskFields
        task={draft.task}
        onTask={set.task}
        draft={draft.transcription}
        onDraft={set.transcription}
        problems={basics.taskProblems}
      />
      <RequireRatingField
        checked={draft.requireRating}
        onChange={set.requireRating}
        task={basics.module}
      />
    </>
  );
}
