// The messages between the Compare screen and the compare worker (compare.worker.ts). Every
// message carries the request id so the client can drop answers to stale requests.
import type { ConditionComparison } from "../domain/stats/conditions.ts";

export interface CompareRequest {
  id: number;
  /** Two or more studies, each one condition (labelled by `label` or the study's name) … */
  studies: { studyId: string; label?: string }[];
  /** … or, with one study, its listener groups (`platform`, `arm`, `screening:TEST`, a field). */
  by?: string;
}

export type CompareResponse =
  | { id: number; type: "done"; result: ConditionComparison }
  /** The input cannot be compared: the message names the problem (as `cli compare` says it). */
  | { id: number; type: "refused"; message: string }
  | { id: number; type: "not-found"; studyId: string }
  | { id: number; type: "error"; message: string };
