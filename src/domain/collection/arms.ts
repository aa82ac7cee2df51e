// Instruction arms (`study.arms`, docs/spec/interchange-format.md): one study published under
// several instruction texts, as Chiang et al. (2023, Table 4) compare them. Each arriving
// participant is given the arm with the fewest arrivals so far (ties: the arm listed first),
// so the arms stay within one participant of each other; the arm is recorded as `profile.arm`
// and its text is the instructions that participant reads. The server (joining.ts), the
// participant's state (arrival.ts), the protocol report and the settings form read arms here.

export interface InstructionArm {
  id: string;
  instructions: string;
}

/** Arms a study may have at most (the settings schema's rule). */
export const MAX_ARMS = 20;

/** The study's arms (`study.arms`), those well-formed, in order; none when it has fewer than two. */
export function armsOf(study: Record<string, unknown>): InstructionArm[] {
  const raw = study.arms;
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const arms: InstructionArm[] = [];
  for (const a of raw) {
    if (typeof a !== "object" || a === null) continue;
    const { id, instructions } = a as Record<string, unknown>;
    if (typeof id !== "string" || id === "" || seen.has(id)) continue;
    if (typeof instructions !== "string") continue;
    seen.add(id);
    arms.push({ id, instructions });
  }
  return arms.length >= 2 ? arms : [];
}

/**
 * The arm the next participant is given: the one with the fewest arrivals so far (`counts`, by
 * arm id; arms not in it have none), the first listed among equals. Null for a study without arms.
 */
export function nextArm(
  arms: readonly InstructionArm[],
  counts: ReadonlyMap<string, number>,
): string | null {
  let best: string | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (const arm of arms) {
    const n = counts.get(arm.id) ?? 0;
    if (n < fewest) {
      best = arm.id;
      fewest = n;
    }
  }
  return best;
}

/**
 * The instructions a participant reads: their arm's text when the study has that arm, else the
 * study's own `instructions` (a study without arms, or an arm a later publish removed).
 */
export function instructionsFor(
  study: Record<string, unknown>,
  arm: string | null | undefined,
): string | undefined {
  const own = armsOf(study).find((a) => a.id === arm);
  if (own) return own.instructions;
  return typeof study.instructions === "string" ? study.instructions : undefined;
}
