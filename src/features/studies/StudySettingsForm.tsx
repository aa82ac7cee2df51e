// Editing a study's settings: its basics (StudyBasics.tsx: name, bin width, language, task,
// whether the rating is required), description, instructions for annotators, the rating
// question, and the protocol details for the report. Saved in one write; Cancel leaves the
// study as it was.
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { useFocusFirst } from "../../components/useFocusFirst.ts";
import { type ClipRecord, type StudyRecord, studyText, updateStudy } from "../../db/repo.ts";
import { intakeOf } from "../../domain/collection/intake.ts";
import { withParticipantLinks } from "../../domain/collection/links.ts";
import { screeningOf } from "../../domain/collection/screening.ts";
import { languageOf, participantTextsOf } from "../../domain/i18n/languages.ts";
import type { Pair } from "../../domain/interchange/types.ts";
import { protocolOf } from "../../domain/report/protocolSettings.ts";
import {
  defaultRatingScale,
  isDefaultRatingScale,
  type RatingScale,
  ratingScaleOf,
  ratingScaleProblem,
} from "../../domain/study/ratingScale.ts";
import { taskOf, transcriptionDraft, transcriptionOf, withTask } from "../../domain/tasks/index.ts";
import { notify } from "../../stores/notices.ts";
import { ArmsFields, armsDraft, armsProblem, withArms } from "./ArmsFields.tsx";
import { DesignSections, useDesign } from "./DesignSections.tsx";
import { withDesign } from "./designDraft.ts";
import { freeText, IntakeFields, parseFree, withIntake } from "./IntakeFields.tsx";
import { languageFieldProblem } from "./LanguageField.tsx";
import { LinksField, linksDraft } from "./LinksField.tsx";
import { ParticipantTextsField, parseTexts, textsDraft } from "./ParticipantTextsField.tsx";
import { ProtocolFields, protocolDraft, protocolProblem, withProtocol } from "./ProtocolFields.tsx";
import { RatingScaleFields } from "./RatingScaleFields.tsx";
import { StudyBasicsFields, useStudyBasics } from "./StudyBasics.tsx";

/** `extra` with `key` set to the trimmed text, or without `key` when the text is empty. */
function withText(
  extra: Record<string, unknown>,
  key: string,
  text: string,
): Record<string, unknown> {
  const { [key]: _old, ...rest } = extra;
  return text.trim() === "" ? rest : { ...rest, [key]: text.trim() };
}

const NO_CLIPS: ClipRecord[] = [];
const NO_PAIRS: Pair[] = [];

export function StudySettingsForm({
  study,
  clips = NO_CLIPS,
  pairs = NO_PAIRS,
  onDone,
}: {
  study: StudyRecord;
  /** The study's clips and pairs, for the comparison's and the pre-test's design. */
  clips?: readonly ClipRecord[];
  pairs?: readonly Pair[];
  /** Called after saving or cancelling. */
  onDone: () => void;
}) {
  const basics = useStudyBasics(() => ({
    name: study.name,
    bin: String(study.binSeconds),
    language: languageOf(study.extra),
    task: taskOf(study.extra),
    requireRating: study.requireRating,
    transcription: transcriptionDraft(transcriptionOf(study.extra)),
  }));
  const { language } = basics.draft;
  const design = useDesign(basics.draft.task, clips, study.extra, pairs);
  const [description, setDescription] = useState(studyText(study, "description"));
  const [instructions, setInstructions] = useState(studyText(study, "instructions"));
  const [arms, setArms] = useState(() => armsDraft(study.extra));
  const [scale, setScale] = useState<RatingScale>(() => ratingScaleOf(study.extra));
  const [protocol, setProtocol] = useState(() => protocolDraft(protocolOf(study.extra)));
  const [intake, setIntake] = useState(() => intakeOf(study.extra));
  const [free, setFree] = useState(() => freeText(intakeOf(study.extra)));
  const [check, setCheck] = useState(() => screeningOf(study.extra).test);
  const [links, setLinks] = useState(() => linksDraft(study.extra));
  const [texts, setTexts] = useState(() => textsDraft(participantTextsOf(study.extra)));
  const [errors, setErrors] = useState<{
    scale?: string;
    protocol?: string;
    texts?: string;
    arms?: string;
  }>({});
  // The standard wording follows the language; a study's own wording stays as written.
  const changeLanguage = (next: string) => {
    if (isDefaultRatingScale(scale, language) && !languageFieldProblem(next))
      setScale(defaultRatingScale(next));
    basics.set.language(next);
  };
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirst(form);
  const ids = { description: useId(), instructions: useId() };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = basics.check("always");
    const found = {
      scale: ratingScaleProblem(scale),
      protocol: protocolProblem(protocol),
      arms: armsProblem(arms),
      texts: (() => {
        const parsed = parseTexts(texts);
        return "problem" in parsed ? parsed.problem : undefined;
      })(),
    };
    setErrors(found);
    const made = design.check();
    if (!values || Object.values(found).some(Boolean) || !made.ok) return;
    const ownTexts = parseTexts(texts);
    // The default wording is implied when absent; a study's own wording is stored.
    const trimmed = ratingScaleOf({ ratingScale: scale });
    const {
      ratingScale: _old,
      language: _oldLanguage,
      participantTexts: _oldTexts,
      ...rest
    } = study.extra;
    const withoutScale = {
      ...rest,
      ...(values.language === "en" ? {} : { language: values.language }),
      ...("texts" in ownTexts && Object.keys(ownTexts.texts).length > 0
        ? { participantTexts: ownTexts.texts }
        : {}),
    };
    setSaving(true);
    try {
      await updateStudy(study.id, {
        name: values.name,
        binSeconds: values.binSeconds,
        requireRating: values.requireRating,
        pairs: made.pairs,
        extra: withParticipantLinks(
          withTask(
            withArms(
              withText(
                withText(
                  withIntake(
                    withProtocol(
                      withDesign(
                        isDefaultRatingScale(trimmed, language)
                          ? withoutScale
                          : { ...withoutScale, ratingScale: trimmed },
                        made.extra,
                      ),
                      protocol,
                    ),
                    { ...intake, free: parseFree(free, intakeOf(study.extra).free) },
                    check,
                  ),
                  "description",
                  description,
                ),
                "instructions",
                instructions,
              ),
              arms,
            ),
            values.task,
            values.transcription,
          ),
          links === "" ? undefined : links,
        ),
      });
      notify("info", "Settings saved.");
      onDone();
    } catch {
      // The repository has shown the error as a notice; the form keeps what was typed.
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      aria-label="Study settings"
      className="space-y-4"
    >
      <StudyBasicsFields
        basics={basics}
        binHint="The analysis's default; stored spans do not change."
        onLanguage={changeLanguage}
      >
        <div>
          <label htmlFor={ids.description} className="block text-sm font-medium text-slate-800">
            Description <span className="font-normal text-slate-500">(for researchers)</span>
          </label>
          <textarea
            id={ids.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={ids.instructions} className="block text-sm font-medium text-slate-800">
            Instructions for annotators
          </label>
          <textarea
            id={ids.instructions}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            rows={3}
            aria-describedby={`${ids.instructions}-h`}
            placeholder={basics.module.studyPage.instructionsExample}
            className={INPUT}
          />
          <p id={`${ids.instructions}-h`} className="mt-1 text-xs text-slate-500">
            Shown above each clip on the annotation screen. Leave empty for none.
          </p>
        </div>
        <ArmsFields draft={arms} onChange={setArms} error={errors.arms} />
      </StudyBasicsFields>
      <DesignSections design={design} />
      <RatingScaleFields
        scale={scale}
        onChange={setScale}
        error={errors.scale}
        language={language}
      />
      <ParticipantTextsField
        language={language}
        draft={texts}
        onDraft={setTexts}
        error={errors.texts}
      />
      <ProtocolFields draft={protocol} onChange={setProtocol} error={errors.protocol} />
      <IntakeFields
        config={intake}
        free={free}
        onChange={setIntake}
        onFree={setFree}
        check={check}
        onCheck={setCheck}
      />
      <LinksField value={links} onChange={setLinks} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
