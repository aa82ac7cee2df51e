// The top of the expert screen: study, clip (system, sentence and its text when the study
// has it), who is labelling, the shortcuts button and the download of their work.
import type { Ref } from "react";
import type { ClipRecord, StudyRecord } from "../../../db/repo.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import { DownloadMyWork } from "../DownloadMyWork.tsx";
import { isolated, seconds } from "./words.ts";

function sentenceText(study: StudyRecord, clip: ClipRecord): string | undefined {
  const sentences = study.extra.sentences;
  if (!clip.sentence || !sentences || typeof sentences !== "object") return undefined;
  const text = ownValue(sentences as Record<string, unknown>, clip.sentence);
  return typeof text === "string" ? text : undefined;
}

export function ClipHeader({
  study,
  clip,
  expertId,
  onShowShortcuts,
  headingRef,
}: {
  study: StudyRecord;
  clip: ClipRecord;
  expertId: string;
  onShowShortcuts(): void;
  /** The clip's heading, which the screen focuses on arriving at a clip. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const intl = useIntlShape();
  const text = sentenceText(study, clip);
  const details = [
    clip.system && t("expert.screen.system", { system: isolated(intl, clip.system) }),
    clip.sentence && t("expert.screen.sentence", { sentence: isolated(intl, clip.sentence) }),
    t("expert.screen.seconds", { seconds: seconds(intl, clip.duration) }),
    clip.isReference && t("expert.screen.referenceClip"),
  ].filter(Boolean);
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 lg:flex-nowrap">
      <div className="min-w-0 lg:flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {t("expert.screen.reviewOf", { study: isolated(intl, study.name) })}
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 truncate text-xl font-semibold text-slate-900 outline-none"
        >
          {clip.name}
        </h1>
        <p className="mt-0.5 text-sm text-slate-500">{details.join(" · ")}</p>
        {text && (
          <p className="mt-2 max-w-3xl text-sm italic text-slate-700">
            {t("expert.screen.quote", { text: isolated(intl, text) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 lg:shrink-0">
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
          {t("expert.screen.role")}{" "}
          <span className="font-medium" dir="auto">
            {expertId}
          </span>
        </span>
        <button
          type="button"
          onClick={onShowShortcuts}
          aria-keyshortcuts="?"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 pointer-coarse:hidden"
        >
          {t("crowd.shortcuts")} <kbd className="ms-1 text-xs text-slate-400">?</kbd>
        </button>
        <DownloadMyWork studyId={study.id} annotatorId={expertId} />
      </div>
    </header>
  );
}
