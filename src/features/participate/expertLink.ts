// An expert's side of a server study (docs/server.md, "Experts"): the link carries the expert's
// id and, in its fragment, their token. Opening it fetches the collected crowd spans (and the
// audio of the clips that have spans, once) into a local copy the expert screen works on; each
// label the expert changes is sent back by a Sender, the last set of reasons per span winning.

// Directly, not through repo.ts: only expert links need it, so it stays in their chunk.
import {
  acknowledgeLabel,
  getClipAudio,
  getStudy,
  pendingLabels,
  writeExpertCopy,
} from "../../db/repo.ts";
import { api } from "../../lib/collectionApi.ts";
import { Sender } from "./sender.ts";

/** The local study holding this expert's copy of `studyId`. */
export function expertCopyId(studyId: string, expertId: string): string {
  return `expert:${JSON.stringify([studyId, expertId])}`;
}

export interface ExpertOpenProgress {
  done: number;
  total: number;
}

/**
 * Fetches the expert's work from the server into the local copy: new crowd spans since the
 * last visit come in, labels not yet sent stay. Audio is fetched only for clips with spans and
 * no audio here yet.
 */
export async function refreshExpertCopy(
  server: string,
  studyId: string,
  expertId: string,
  token: string,
  onProgress: (p: ExpertOpenProgress) => void = () => undefined,
): Promise<string> {
  const localId = expertCopyId(studyId, expertId);
  const work = await api(server, "expertWork", { params: { studyId }, token });
  // Only the clips with spans to label: the rest would be empty screens.
  const withSpans = [...new Set(work.regions.map((r) => r.clipId))];
  const file = { ...work, clips: work.clips.filter((c) => withSpans.includes(c.id)) };
  const need: string[] = [];
  for (const clipId of withSpans) if (!(await getClipAudio(localId, clipId))) need.push(clipId);
  const audio = new Map<string, Blob>();
  onProgress({ done: 0, total: need.length });
  for (const clipId of need) {
    audio.set(clipId, await api(server, "expertAudio", { params: { studyId, clipId }, token }));
    onProgress({ done: audio.size, total: need.length });
  }
  await writeExpertCopy(localId, file, audio, { server, studyId, expertId, token });
  return localId;
}

/** Sends the expert's changed labels, each as the whole set of reasons for its span. */
export class LabelOutbox extends Sender {
  constructor(localId: string) {
    super(
      async (sending) => {
        const link = (await getStudy(localId))?.expertLink;
        if (!link) throw new Error("this study's local copy is gone");
        const pending = await pendingLabels(localId);
        for (const [i, label] of pending.entries()) {
          sending(pending.length - i);
          const stored = await api(link.server, "expertLabels", {
            params: { studyId: link.studyId, regionId: label.regionId },
            token: link.token,
            body: { reasons: label.reasons },
          });
          await acknowledgeLabel(localId, label.regionId, stored.reasons);
        }
      },
      async () => (await pendingLabels(localId)).length,
    );
  }
}
