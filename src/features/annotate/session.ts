// What is recorded about a visit to a clip besides the spans: how often playback started and
// how long the annotator was actively on the clip. Kept per tab in sessionStorage so a reload
// does not lose it; added to the stored submission when the clip is finished, then reset.

export interface ClipSession {
  plays: number;
  /** Active seconds counted so far. */
  seconds: number;
  /** Rating chosen but not yet submitted. */
  draftRating?: number;
}

export const EMPTY_SESSION: ClipSession = { plays: 0, seconds: 0 };

export function sessionKey(studyId: string, annotatorId: string, clipId: string): string {
  return `redpen.annotate.${JSON.stringify([studyId, annotatorId, clipId])}`;
}

export function readSession(
  storage: Pick<Storage, "getItem"> | undefined,
  key: string,
): ClipSession {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return { ...EMPTY_SESSION };
    const v = JSON.parse(raw) as Partial<ClipSession>;
    const plays = Number.isInteger(v.plays) && (v.plays ?? 0) >= 0 ? (v.plays as number) : 0;
    const seconds =
      typeof v.seconds === "number" && Number.isFinite(v.seconds) && v.seconds >= 0 ? v.seconds : 0;
    const r = v.draftRating;
    const draftRating =
      Number.isInteger(r) && (r as number) >= 1 && (r as number) <= 5 ? r : undefined;
    return draftRating === undefined ? { plays, seconds } : { plays, seconds, draftRating };
  } catch {
    return { ...EMPTY_SESSION };
  }
}

export function writeSession(
  storage: Pick<Storage, "setItem" | "removeItem"> | undefined,
  key: string,
  session: ClipSession,
): void {
  try {
    if (session.plays === 0 && session.seconds === 0 && session.draftRating === undefined) {
      storage?.removeItem(key);
    } else {
      storage?.setItem(key, JSON.stringify(session));
    }
  } catch {
    // Storage unavailable: the counts then live only as long as the page.
  }
}

/**
 * Counts active time: the clock runs while the page is visible and the annotator has done
 * something (key, pointer, playback) within the last `idleMs`; idle stretches are not counted
 * beyond that grace period. `now` is injectable for tests.
 */
export class ActiveClock {
  private total = 0;
  private lastTick: number;
  private lastActivity: number;
  private visible = true;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly idleMs = 60_000,
  ) {
    this.lastTick = now();
    this.lastActivity = this.lastTick;
  }

  /** Adds the time since the last tick, up to the idle limit. */
  private advance(): void {
    const t = this.now();
    if (this.visible) {
      const countUntil = Math.min(t, this.lastActivity + this.idleMs);
      if (countUntil > this.lastTick) this.total += countUntil - this.lastTick;
    }
    this.lastTick = t;
  }

  activity(): void {
    this.advance();
    this.lastActivity = this.now();
  }

  setVisible(visible: boolean): void {
    this.advance();
    this.visible = visible;
    if (visible) this.lastActivity = this.now();
  }

  /** Active seconds so far. */
  seconds(): number {
    this.advance();
    return this.total / 1000;
  }

  /** Returns the active seconds and starts counting from zero. */
  take(): number {
    const s = this.seconds();
    this.total = 0;
    return s;
  }
}
