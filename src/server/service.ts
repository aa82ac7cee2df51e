// What the collection server does, over its store (store.ts), independent of HTTP, split by
// concern: the researcher's token and publishing (studies.ts), arrival and assignment
// (arrival.ts), submissions (submissions.ts), plays of a clip with a play limit (plays.ts), paired comparisons' trials and judgments (trials.ts), collecting (collecting.ts), experts (experts.ts),
// progress (progress.ts) and a participant's withdrawal (withdraw.ts). Every rule about files and spans comes from src/domain (one home
// per rule); every request is checked against the API contract (src/domain/api) first.
export * from "./arrival.ts";
export * from "./collecting.ts";
export { ServiceError, valid, validStudyId } from "./errors.ts";
export * from "./experts.ts";
export * from "./plays.ts";
export * from "./progress.ts";
export * from "./studies.ts";
export * from "./submissions.ts";
export { judge, startTrialPlay, trialAudio } from "./trials.ts";
export * from "./withdraw.ts";
