// What publishing again would change for a study already on a collection server, in words the
// researcher confirms before anything changes (the study page's confirmation and `cli publish`,
// which needs --yes). One home for both, so the app and the command line say the same thing.
import type { CollectionSettings, PublishedStudy } from "./collection.ts";

/** What a publish would send: the settings and the study's task ("mark" when it has none). */
export interface PublishDraft {
  settings: Partial<CollectionSettings>;
  task: string;
  clips: number;
}

export interface PublishChange {
  /** The setting, as the form and the flags name it. */
  what: string;
  from: string;
  to: string;
  /** What it means for people already in the study (or starting from now on). */
  effect: string;
}

const shown = (v: string | number | undefined) =>
  v === undefined || v === "" ? "(none)" : typeof v === "string" ? `"${v}"` : String(v);

/**
 * The changes `next` makes to the published study, each with its effect on the participants
 * already in it (`published.participants`). Empty when nothing changes.
 */
export function publishChanges(published: PublishedStudy, next: PublishDraft): PublishChange[] {
  const p = published.participants;
  const started = p.started;
  const inStudy = `${started} participant(s) still working`;
  const before = published.settings;
  const after = next.settings;
  const changes: PublishChange[] = [];
  const text = (
    key: keyof CollectionSettings,
    what: string,
    effect: (from: string | undefined, to: string | undefined) => string,
  ) => {
    const from = before[key] as string | undefined;
    const to = after[key] as string | undefined;
    if ((from ?? "") !== (to ?? ""))
      changes.push({ what, from: shown(from), to: shown(to), effect: effect(from, to) });
  };
  text("completionCode", "Completion code", (_, to) =>
    to
      ? `everyone who finishes from now on (${inStudy}) is shown the new code; the ${p.completed} who finished were shown the old one: accept both on your platform`
      : `everyone who finishes from now on (${inStudy}) gets no code and cannot complete the study on Prolific`,
  );
  text("completionUrl", "Completion address", (_, to) =>
    to
      ? `everyone who finishes from now on (${inStudy}) is sent to the new address`
      : `everyone who finishes from now on (${inStudy}) gets no "Back to Prolific" button`,
  );
  text("screenedOutCode", "Screened-out code", (_, to) =>
    to
      ? `whoever fails the headphone check from now on, and the ${p.screenedOut} screened out if they open their page again, are shown the new code`
      : `whoever fails the headphone check from now on gets no code`,
  );
  text("screenedOutUrl", "Screened-out address", (_, to) =>
    to
      ? "the screened-out page's button leads to the new address"
      : `the screened-out page has no "Back to Prolific" button`,
  );
  text("consent", "Consent text", () =>
    p.started + p.completed + p.returned + p.screenedOut > 0
      ? `only people who arrive from now on see the new text; the ${p.started + p.completed + p.returned + p.screenedOut} who arrived agreed to the old one`
      : "everyone who arrives sees the new text",
  );
  const number = (
    key: "clipsPerParticipant" | "ratingsPerClip" | "slotTimeoutMinutes",
    what: string,
    effect: string,
  ) => {
    const from = before[key];
    const to = after[key];
    if (from !== to) changes.push({ what, from: shown(from), to: shown(to), effect });
  };
  number(
    "clipsPerParticipant",
    "Clips per participant",
    `only people who arrive from now on get the new number; the ${started + p.completed} already assigned keep theirs (check the pay and time on your platform)`,
  );
  number(
    "ratingsPerClip",
    "Ratings per clip",
    "how many more people each clip is given to from now on; nobody's clips change",
  );
  number(
    "slotTimeoutMinutes",
    "Minutes before unfinished clips go to others",
    `applies to the ${inStudy} as well`,
  );
  if (published.task !== next.task) {
    changes.push({
      what: "Task",
      from: shown(published.task),
      to: shown(next.task),
      effect: `people who arrive from now on do the new task; the ${started + p.completed} already in the study did the old one, and their work is collected with it`,
    });
  }
  if (published.clips !== next.clips) {
    changes.push({
      what: "Clips in the study",
      from: String(published.clips),
      to: String(next.clips),
      effect: "new clips are given to people who arrive from now on",
    });
  }
  return changes;
}

/** The changes as lines for a terminal: `Completion code: "A" → "B" — effect`. */
export function changeLines(changes: readonly PublishChange[]): string[] {
  return changes.map((c) => `${c.what}: ${c.from} → ${c.to} — ${c.effect}`);
}
