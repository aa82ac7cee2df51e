// Which of a withdrawal's counts its texts name (the terminal's, src/cli/collection.ts, and the
// researcher's progress panel's, src/features/collection/ProgressView.tsx, its question before
// too): what a participant of that kind of study leaves, so that none speaks of spans or clips
// a study has none of.
import type { StudyTask } from "../interchange/types.ts";
import { moduleOf } from "../tasks/index.ts";
import type { WithdrawResult } from "./protocol.ts";

export interface WithdrawnParts {
  /** Finished clips, and the unfinished ones given back to others. */
  clips: boolean;
  /** The spans on those clips, and the experts' reasons on them. */
  spans: boolean;
  /** The judgments of pairs deleted. */
  judgments: boolean;
  /** The unjudged main trials given back to others. */
  trialsFreed: boolean;
}

/**
 * What a participant of a study of this task leaves: finished clips where its submissions hold
 * spans, a rating or a transcript (every task but a comparison, whose participants judge pairs
 * instead), with spans on them in a span-marking study.
 */
export function workOf(task: StudyTask): { clips: boolean; spans: boolean } {
  const { holds } = moduleOf(task);
  return { clips: holds.spans || holds.rating || holds.transcript, spans: holds.spans };
}

/**
 * Clips are named where the study's participants finish clips and wherever some were finished
 * or given back; spans as the Dataset's span rows are shown, in a span-marking study always and
 * elsewhere when some were deleted; judgments and freed trials where the participant judges
 * pairs instead of clips (a comparison) and wherever there were some (a pre-test's judgments).
 */
export function withdrawnParts(w: WithdrawResult): WithdrawnParts {
  const work = workOf(w.task);
  const clips = work.clips || w.submissions > 0 || w.slotsFreed > 0;
  return {
    clips,
    spans: work.spans || w.spans > 0,
    judgments: !clips || w.judgments > 0,
    trialsFreed: !clips || w.trialsFreed > 0,
  };
}
