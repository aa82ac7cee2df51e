// What is recorded about a visit to a clip besides the spans: how often playback started and
// how long the annotator was actively on the clip. Kept per tab in sessionStorage so a reload
// does not lose it; added to the stored submission when the clip is finished, then reset.

export interface ClipSession {
  plays: number;
  /** Active seconds counted so far. */
  seconds: number;
  /** Rating chosen but not yet submitted. */
  draftRating?: number;
  /** The clip was played to its end (PlayCoverage) since the last finish. */
  heard?: boolean;
  /** What the listener has typed so far (a transcribe study), not yet submitted. */
  draftTranscript?: string;
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
    const out: ClipSession = { plays, seconds };
    if (draftRating !== undefined) out.draftRating = draftRating;
    if (v.heard === true) out.heard = true;
    if (typeof v.draftTranscript === "string") out.draftTranscript = v.draftTranscript;
    return out;
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
    if (
      session.plays === 0 &&
      session.seconds === 0 &&
      session.draftRating === undefined &&
      session.draftTranscript === undefined &&
      !session.heard
    ) {
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

/**
 * Whether a clip was heard to its end: playback reached the end (wavesurfer's "finish") after
 * playing at least `share` of the clip. The played stretches come from the playhead's updates
 * during playback: a step of more than `maxStep` seconds is a seek, not listening, so jumping
 * to the last second and playing it does not count.
 */
export class PlayCoverage {
  private readonly played: Uint8Array;
  private last: number | null = null;

  constructor(
    private readonly duration: number,
    private readonly binSeconds = 0.05,
    private readonly maxStep = 0.75,
    private readonly share = 0.9,
  ) {
    this.played = new Uint8Array(Math.max(1, Math.ceil(duration / binSeconds)));
  }

  /** The playhead is at `t` during playback. */
  at(t: number): void {
    const from = this.last;
    this.last = t;
    if (from === null || t <= from || t - from > this.maxStep) return;
    this.mark(from, t);
  }

  /** Playback ended at the clip's end: true when enough of it was played. */
  finished(): boolean {
    if (this.last !== null && this.duration - this.last <= this.maxStep) {
      this.mark(this.last, this.duration);
    }
    this.last = null;
    return this.coveredShare() >= this.share;
  }

  coveredShare(): number {
    let n = 0;
    for (const b of this.played) n += b;
    return n / this.played.length;
  }

  private mark(from: number, to: number): void {
    const a = Math.max(0, Math.floor(from / this.binSeconds + 1e-9));
    const b = Math.min(this.played.length, Math.ceil(to / this.binSeconds - 1e-9));
    for (let i = a; i < b; i++) this.played[i] = 1;
  }
}
