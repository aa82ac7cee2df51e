// What other features use of annotate (the only file they may import from here; the import
// rules are in scripts/check-imports): the crowd screen, which the participant pages show in
// its participant mode, and the expert screen, which expert links show.
export { CrowdScreen, type ParticipantMode } from "./CrowdScreen.tsx";
export { ExpertScreen } from "./expert/ExpertScreen.tsx";
export type { ParticipantPlays, PlayAnswer } from "./plays.ts";
