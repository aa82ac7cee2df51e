// The participant link kinds a study may accept (`study.participantLinks`), here so that the
// file's reader can check the setting; what they mean and the rule that applies them live in
// collection/links.ts.

/** What a study accepts, as `study.participantLinks` says it. */
export const PARTICIPANT_LINKS = ["prolific", "generic", "both"] as const;
export type ParticipantLinks = (typeof PARTICIPANT_LINKS)[number];
