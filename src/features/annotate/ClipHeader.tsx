// The top of the crowd screen's clip card: the clip's title and, when the study gives one, the
// sentence spoken in it.
import type { Ref } from "react";
import type { ClipRecord, StudyRecord } from "../../db/repo.ts";
import { ownValue } from "../../domain/util/idRecord.ts";
import { useIntlShape } from "../../lib/i18n.tsx";
import { ClipTitle } from "./ClipTitle.tsx";

export function ClipHeader({
  study,
  clip,
  title,
  finished,
  headingRef,
}: {
  study: StudyRecord;
  clip: ClipRecord;
  title: string;
  finished: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const intl = useIntlShape();
  const sentence = ownValue(
    study.extra.sentences as Record<string, string> | undefined,
    clip.sentence ?? "",
  );
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
      <ClipTitle ref={headingRef} title={title} finished={finished} />
      {sentence && (
        <p className="text-sm text-slate-600">
          {intl.formatMessage(
            { id: "clip.text" },
            { sentence: <q className="text-slate-900">{sentence}</q> },
          )}
        </p>
      )}
    </div>
  );
}
