// The repository: the one API through which screens read and write the database.
//
// - Every function takes the study id first (ids are unique only within a study).
// - Every change is written as it happens, in one `db.transaction("rw", …)`: either all of it
//   is stored or nothing is. There is no save button anywhere.
// - Writes go through `runWrite`: a failure (bad input, missing clip, full storage, …) shows
//   an error notice in the app shell and is rethrown as a `WriteError` with the same message.
// - Reads return plain records; wrap them in `useLiveQuery` (dexie-react-hooks) to re-render
//   on change, e.g. `useLiveQuery(() => listRegions(studyId, clipId, me), [studyId, clipId, me])`.
export {
  addRegion,
  countRegions,
  deleteRegion,
  deleteSubmission,
  ensureAnnotator,
  finishClip,
  getSubmission,
  listAllReasonLabels,
  listAllRegions,
  listAnnotators,
  listReasonLabels,
  listRegions,
  listSubmissions,
  saveSubmission,
  setReason,
  setReasonOnRegions,
  setReasons,
  updateRegion,
} from "./annotations.ts";
export {
  addClips,
  clipsWithoutAudio,
  firstClip,
  getClip,
  getClipAudio,
  listClips,
  type NewClip,
  setClipText,
} from "./clips.ts";
export type {
  AnnotatorRecord,
  ClipRecord,
  ExpertLink,
  LocalJudgment,
  LocalTrial,
  Participation,
  ReasonLabelRecord,
  RegionRecord,
  StudyRecord,
  SubmissionRecord,
} from "./db.ts";
export { DEMO_STUDY_ID, ensureDemoStudy } from "./demo.ts";
export { clipSaliency } from "./saliency.ts";
export { acknowledgeLabel, pendingLabels, writeExpertCopy } from "./serverCopy.ts";
export { bytesNeeded, LOW_SPACE_BYTES, lowOnSpace, requireSpace } from "./space.ts";
export {
  createStudy,
  deleteStudy,
  getStudy,
  listPairs,
  listStudies,
  listStudySummaries,
  type NewStudy,
  type StudySummary,
  setAudioOriginAllowed,
  slugify,
  studyText,
  updateParticipation,
  updateStudy,
} from "./studies.ts";
export { type AttachAudioResult, attachAudio, studyToFile } from "./studyFiles.ts";
export { describeWriteError, errorMessage, runWrite, WriteError } from "./write.ts";
