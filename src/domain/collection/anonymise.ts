// A collected study made shareable (`collect --anonymise`): each crowd participant's platform
// ids (Prolific's PID and session id) are replaced by a study-local id, the same one everywhere
// in the file. The server's own annotator ids (`p0001-…`) identify nobody outside it and stay,
// so spans, submissions and experts' reasons still join.
import type { AnnotationFile, Annotator } from "../interchange/types.ts";

/** The study-local id of the n-th participant (from 1): `P001`, `P002` … */
export const localParticipantId = (n: number, width: number) =>
  `P${String(n).padStart(width, "0")}`;

/**
 * The file with every annotator's `platform.participantId` replaced by `P001`, `P002` … in the
 * order of the annotators' ids (so the same collected file always gets the same ids), and
 * `platform.sessionId` removed; the study's published completion and screened-out codes and
 * addresses (`study.collection`) are left out of the copy to share, since whoever holds a code
 * can claim the study's pay. Nothing else changes; the input is not modified.
 */
export function anonymise(file: AnnotationFile): AnnotationFile {
  const withPlatform = file.annotators
    .filter((a) => a.platform?.participantId !== undefined)
    .map((a) => a.id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const width = Math.max(3, String(withPlatform.length).length);
  const local = new Map(withPlatform.map((id, i) => [id, localParticipantId(i + 1, width)]));
  const annotators = file.annotators.map((a): Annotator => {
    const id = local.get(a.id);
    if (id === undefined || !a.platform) return a;
    const { sessionId: _session, ...platform } = a.platform;
    return { ...a, platform: { ...platform, participantId: id } };
  });
  return { ...file, study: withoutCodes(file.study), annotators };
}

const CODES = ["completionCode", "completionUrl", "screenedOutCode", "screenedOutUrl"];

function withoutCodes(study: AnnotationFile["study"]): AnnotationFile["study"] {
  const collection = study.collection;
  if (typeof collection !== "object" || collection === null) return study;
  const kept = Object.fromEntries(
    Object.entries(collection).filter(([key]) => !CODES.includes(key)),
  );
  return { ...study, collection: kept };
}
