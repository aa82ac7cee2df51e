// What publishing again would change for a study already on a collection server, in words the
// researcher confirms before anything changes (the study page's confirmation and `cli publish`,
// which needs --yes), and what the server records of each publish (the protocol report's list
// of changes). One home for all three, so the app, the command line and the report say the same
// thing. Everything participants meet is compared: the settings (codes, addresses, consent,
// limits), the study's own details (task, rating scale, headphone check, intake, texts,
// language, instructions and any other), the taxonomy, the clips (added, removed, changed,
// their audio) and which of them are reference clips.

import type { AnnotationFile, Clip, Pair, TaxonomyEntry } from "../interchange/types.ts";
import { taskOf } from "../tasks/index.ts";
import { armsOf, type InstructionArm } from "./arms.ts";
import { PARTICIPANT_LINKS_TEXT, participantLinksOf } from "./links.ts";
import type { CollectionSettings, PublishedStudy } from "./protocol.ts";

/** What a publish sends, as the server will hold it: the settings after the change (merged). */
export interface PublishDraft {
  settings: CollectionSettings;
  /** The study file as read (parsed), its annotations ignored; its pairs when it has some. */
  file: Pick<AnnotationFile, "study" | "taxonomy" | "clips"> & { pairs?: Pair[] };
  /** Each clip's audio by its SHA-256 (clip id → hash); a clip left out keeps its audio. */
  audio: Record<string, string>;
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

/** Equal as JSON values, whatever the order of their keys (the database keeps its own order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** JSON with every object's keys in alphabetical order: the same text whoever stored it. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const entries = Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** A value in a line: text quoted and cut, anything else as compact JSON; absent "(none)". */
function brief(v: unknown, max = 80): string {
  if (v === undefined || v === null || v === "") return "(none)";
  const text = typeof v === "string" ? `"${v.replace(/\s+/g, " ")}"` : canonical(v);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** At most five ids, then how many more. */
function listed(ids: readonly string[]): string {
  const head = ids.slice(0, 5).map((id) => `"${id}"`);
  return ids.length > 5 ? `${head.join(", ")} and ${ids.length - 5} more` : head.join(", ");
}

/**
 * Keys of `study` the server or the analysis keeps, not the participants' protocol: the id (it
 * names the study), the changes recorded by the server itself, the collection settings as a
 * collected file carries them (`collection`: compared as the settings, where the server keeps
 * them), and the analysis's bin width.
 */
const NOT_PROTOCOL = new Set([
  "id",
  "protocolChanges",
  "collection",
  "binSeconds",
  // Compared as the links the study accepts, with the settings (linkChanges).
  "participantLinks",
]);

/** The study's own details participants meet, by name, with what a change means. */
const STUDY_DETAILS: Record<string, { what: string; effect: (n: Counts) => string }> = {
  name: {
    what: "Study name",
    effect: () => "participants see the new name on their pages from now on",
  },
  transcription: {
    what: "Transcription settings (plays per clip, unit)",
    effect: (n) =>
      `people who arrive from now on get the new plays per clip, and the WER of all ${n.assigned} already assigned is computed with the new unit`,
  },
  requireRating: {
    what: "Rating required",
    effect: (n) => `applies to every clip finished from now on (${n.working})`,
  },
  ratingScale: {
    what: "Rating scale",
    effect: (n) =>
      `ratings from now on answer the new question or labels; those of the ${n.assigned} already assigned answered the old one, and are pooled with them`,
  },
  screening: {
    what: "Headphone check",
    effect: (n) =>
      `only people who arrive from now on take the new check; the ${n.arrived} who arrived took the old one`,
  },
  intake: {
    what: "Intake questionnaire",
    effect: (n) =>
      `only people who arrive from now on answer the new questions; the ${n.arrived} who arrived answered the old ones`,
  },
  consent: {
    what: "Consent text (the study's)",
    effect: (n) =>
      `only people who arrive from now on see the new text; the ${n.arrived} who arrived agreed to the old one`,
  },
  instructions: {
    what: "Instructions",
    effect: (n) => `everyone sees the new instructions from their next page (${n.working})`,
  },
  description: {
    what: "Description",
    effect: () => "participants see the new description from now on",
  },
  participantTexts: {
    what: "Participant texts",
    effect: (n) => `every participant page shows the new wording from now on (${n.working})`,
  },
  comparison: {
    what: "Comparison (scale, question)",
    effect: (n) =>
      `trials from now on are asked on the new scale or question; the judgments of the ${n.assigned} already assigned answered the old one, and are pooled with them`,
  },
  qualification: {
    what: "Pre-test (its pairs, pass accuracy, screening out)",
    effect: (n) =>
      `only people who arrive from now on take the new pre-test; the ${n.arrived} who arrived were scored by the old one`,
  },
  language: {
    what: "Language of the participant's pages",
    effect: (n) =>
      `every participant page is shown in the new language from now on (${n.working}); the ${n.arrived} who arrived read the old one`,
  },
};

interface Counts {
  /** "N participant(s) still working". */
  working: string;
  arrived: number;
  /** Working and finished: everyone with clips. */
  assigned: number;
}

/** What changes among the study's own details (`study`), the task first. */
function studyChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  n: Counts,
): PublishChange[] {
  const changes: PublishChange[] = [];
  const taskBefore = taskOf(before as AnnotationFile["study"]);
  const taskAfter = taskOf(after as AnnotationFile["study"]);
  if (taskBefore !== taskAfter) {
    changes.push({
      what: "Task",
      from: shown(taskBefore),
      to: shown(taskAfter),
      effect: `people who arrive from now on do the new task; the ${n.assigned} already in the study did the old one, and their work is collected with it`,
    });
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !NOT_PROTOCOL.has(k) && k !== "task" && k !== "arms",
  );
  const known = keys.filter((k) => k in STUDY_DETAILS);
  const others = keys.filter((k) => !(k in STUDY_DETAILS)).sort();
  for (const key of [...Object.keys(STUDY_DETAILS).filter((k) => known.includes(k)), ...others]) {
    const from = before[key];
    const to = after[key];
    if (sameValue(from, to)) continue;
    const detail = STUDY_DETAILS[key];
    changes.push({
      what: detail?.what ?? `Study setting "${key}"`,
      from: brief(from),
      to: brief(to),
      effect: detail
        ? detail.effect(n)
        : `applies from now on (${n.working}; ${n.arrived} arrived before)`,
    });
  }
  changes.push(...armChanges(before, after, n));
  return changes;
}

/**
 * What changes in the instruction arms (`study.arms`, as participants meet them: arms.ts): the
 * arms themselves (added, removed, in another order), then each kept arm's text.
 */
function armChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  n: Counts,
): PublishChange[] {
  const from = armsOf(before);
  const to = armsOf(after);
  const ids = (arms: InstructionArm[]) => arms.map((a) => a.id);
  const changes: PublishChange[] = [];
  if (!sameValue(ids(from), ids(to)))
    changes.push({
      what: "Instruction arms",
      from: from.length > 0 ? listed(ids(from)) : "(none)",
      to: to.length > 0 ? listed(ids(to)) : "(none)",
      effect: `people who arrive from now on are given the new arms in turn (the arm with the fewest first); the ${n.arrived} who arrived keep theirs, and those whose arm is gone read the study's own instructions`,
    });
  for (const arm of to) {
    const old = from.find((a) => a.id === arm.id);
    if (old && old.instructions !== arm.instructions)
      changes.push({
        what: `Instructions of arm "${arm.id}"`,
        from: brief(old.instructions),
        to: brief(arm.instructions),
        effect:
          "participants given this arm from now on read the new text; those already in the study keep the text they were shown, in the browser they began in",
      });
  }
  return changes;
}

/**
 * What changes in the participant links the study accepts (links.ts): what the study says and
 * what its settings imply (a Prolific completion address makes a study without the setting
 * Prolific-only), so a change of either is listed once, with what it means.
 */
function linkChanges(
  before: { study: Record<string, unknown>; settings: CollectionSettings },
  after: { study: Record<string, unknown>; settings: CollectionSettings },
  n: Counts,
): PublishChange[] {
  const from = participantLinksOf(before.study, before.settings);
  const to = participantLinksOf(after.study, after.settings);
  const ownFrom = before.study.participantLinks;
  const ownTo = after.study.participantLinks;
  if (from === to && sameValue(ownFrom, ownTo)) return [];
  const said = (links: string, own: unknown) =>
    `${PARTICIPANT_LINKS_TEXT[links as keyof typeof PARTICIPANT_LINKS_TEXT]}${own === undefined ? " (as the platform says)" : ""}`;
  return [
    {
      what: "Participant links a collection server accepts",
      from: said(from, ownFrom),
      to: said(to, ownTo),
      effect:
        from === to
          ? "the same links as before: nothing changes for participants"
          : `applies to arrivals from now on (a link the study does not accept is refused); the ${n.arrived} who arrived keep their places: hand out the links it accepts`,
    },
  ];
}

/**
 * What changes among the study's pairs (a comparison's and its pre-test's): pairs added,
 * removed, or naming other clips, by id.
 */
function pairChanges(before: readonly Pair[], after: readonly Pair[], n: Counts): PublishChange[] {
  const old = new Map(before.map((p) => [p.id, p]));
  const now = new Map(after.map((p) => [p.id, p]));
  const added = after.filter((p) => !old.has(p.id)).map((p) => p.id);
  const removed = before.filter((p) => !now.has(p.id)).map((p) => p.id);
  const changed = after
    .filter((p) => old.has(p.id) && !sameValue(old.get(p.id), p))
    .map((p) => p.id);
  if (added.length + removed.length + changed.length === 0) return [];
  return [
    {
      what: "Pairs",
      from: String(before.length),
      to: String(after.length),
      effect: `${[
        added.length > 0 ? `added ${listed(added)}` : "",
        removed.length > 0 ? `removed ${listed(removed)}` : "",
        changed.length > 0 ? `other clips in ${listed(changed)}` : "",
      ]
        .filter(Boolean)
        .join(
          "; ",
        )}: only people who arrive from now on are given the new pairs; the judgments of the ${n.assigned} already assigned stay collected with the pairs they judged`,
    },
  ];
}

/** What changes in the taxonomy: reasons added, removed, worded anew. */
function taxonomyChanges(before: TaxonomyEntry[], after: TaxonomyEntry[]): PublishChange[] {
  const changes: PublishChange[] = [];
  const ids = (t: TaxonomyEntry[]) => t.map((e) => e.id);
  const removed = ids(before).filter((id) => !ids(after).includes(id));
  const added = ids(after).filter((id) => !ids(before).includes(id));
  if (removed.length > 0)
    changes.push({
      what: "Reasons removed from the taxonomy",
      from: listed(removed),
      to: "(none)",
      effect:
        "experts can no longer give them; the server refuses this while any expert's label uses one",
    });
  if (added.length > 0)
    changes.push({
      what: "Reasons added to the taxonomy",
      from: "(none)",
      to: listed(added),
      effect: "experts can give them from now on; spans labelled before were labelled without them",
    });
  const reworded = after.filter((e) => {
    const old = before.find((b) => b.id === e.id);
    return old !== undefined && !sameValue(old, e);
  });
  if (reworded.length > 0)
    changes.push({
      what: "Reasons worded anew",
      from: listed(reworded.map((e) => e.id)),
      to: reworded.map((e) => brief(e.label, 40)).join(", "),
      effect: "experts see the new label and description from now on; their labels keep the id",
    });
  if (removed.length === 0 && added.length === 0 && !sameValue(ids(before), ids(after)))
    changes.push({
      what: "Order of the taxonomy",
      from: listed(ids(before)),
      to: listed(ids(after)),
      effect: "experts see the reasons, and their keys 1–9, in the new order",
    });
  return changes;
}

const CLIP_FIELDS: Record<string, string> = {
  duration: "duration",
  name: "file name",
  system: "system",
  sentence: "sentence",
  text: "text",
  score: "outside score",
  uri: "address",
};

/** What changes among the clips: added, removed, reference clips, fields, audio. */
function clipChanges(
  before: Clip[],
  after: Clip[],
  audioBefore: Record<string, string>,
  audioAfter: Record<string, string>,
  n: Counts,
): PublishChange[] {
  const changes: PublishChange[] = [];
  const old = new Map(before.map((c) => [c.id, c]));
  const now = new Map(after.map((c) => [c.id, c]));
  const added = after.filter((c) => !old.has(c.id)).map((c) => c.id);
  const removed = before.filter((c) => !now.has(c.id)).map((c) => c.id);
  if (added.length > 0 || removed.length > 0)
    changes.push({
      what: "Clips in the study",
      from: String(before.length),
      to: String(after.length),
      effect: `${[
        added.length > 0 ? `added ${listed(added)}` : "",
        removed.length > 0 ? `removed ${listed(removed)}` : "",
      ]
        .filter(Boolean)
        .join("; ")}: only people who arrive from now on get the new set of clips`,
    });
  const reference = (clips: Clip[]) =>
    clips
      .filter((c) => c.isReference === true)
      .map((c) => c.id)
      .sort();
  const refBefore = reference(before);
  const refAfter = reference(after);
  if (!sameValue(refBefore, refAfter))
    changes.push({
      what: "Reference clips",
      from: refBefore.length === 0 ? "(none)" : listed(refBefore),
      to: refAfter.length === 0 ? "(none)" : listed(refAfter),
      effect: `people who arrive from now on get the new reference clips; the ${n.assigned} already assigned were checked against the old ones`,
    });
  // Clip ids by the field that changed ("audio" for the audio's hash).
  const fields = new Map<string, string[]>();
  const note = (field: string, id: string) => fields.set(field, [...(fields.get(field) ?? []), id]);
  for (const c of after) {
    const was = old.get(c.id);
    if (!was) continue;
    for (const key of new Set([...Object.keys(was), ...Object.keys(c)])) {
      if (key === "id" || key === "isReference") continue;
      const a = (was as unknown as Record<string, unknown>)[key];
      const b = (c as unknown as Record<string, unknown>)[key];
      if (!sameValue(a, b)) note(key, c.id);
    }
    const hashAfter = audioAfter[c.id];
    if (hashAfter !== undefined && audioBefore[c.id] !== hashAfter) note("audio", c.id);
  }
  for (const [field, ids] of fields) {
    const label = field === "audio" ? "audio" : (CLIP_FIELDS[field] ?? `"${field}"`);
    const value = (clip: Clip | undefined, audio: Record<string, string>) => {
      if (!clip) return "(none)";
      if (field === "audio") {
        const hash = audio[clip.id];
        return hash ? `SHA-256 ${hash.slice(0, 12)}…` : "(none)";
      }
      return brief((clip as unknown as Record<string, unknown>)[field], 40);
    };
    const single = ids.length === 1 ? (ids[0] as string) : undefined;
    changes.push({
      what: `Clips' ${label}`,
      from: single ? `${listed(ids)}: ${value(old.get(single), audioBefore)}` : listed(ids),
      to: single ? value(now.get(single), audioAfter) : `${ids.length} clips changed`,
      effect:
        field === "audio"
          ? `people who hear these clips from now on hear the new audio; the ${n.assigned} already assigned may have heard the old`
          : `applies to these clips from now on; work already collected on them was done with the old ${label}`,
    });
  }
  return changes;
}

/**
 * The changes `next` makes to the published study, each with its effect on the participants
 * already in it (`published.participants`). Empty when nothing changes.
 */
export function publishChanges(published: PublishedStudy, next: PublishDraft): PublishChange[] {
  const p = published.participants;
  const started = p.started;
  const inStudy = `${started} participant(s) still working`;
  const counts: Counts = {
    working: inStudy,
    arrived: p.started + p.completed + p.returned + p.screenedOut,
    assigned: started + p.completed,
  };
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
    counts.arrived > 0
      ? `only people who arrive from now on see the new text; the ${counts.arrived} who arrived agreed to the old one`
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
    `only people who arrive from now on get the new number; the ${counts.assigned} already assigned keep theirs (check the pay and time on your platform)`,
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
  // Settings this list does not name yet (a newer server's): compared all the same.
  const named = new Set<string>([
    "completionCode",
    "completionUrl",
    "screenedOutCode",
    "screenedOutUrl",
    "consent",
    "clipsPerParticipant",
    "ratingsPerClip",
    "slotTimeoutMinutes",
  ]);
  const rest = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !named.has(k))
    .sort();
  for (const key of rest) {
    const from = (before as unknown as Record<string, unknown>)[key];
    const to = (after as unknown as Record<string, unknown>)[key];
    if (!sameValue(from, to))
      changes.push({
        what: `Setting "${key}"`,
        from: brief(from),
        to: brief(to),
        effect: `applies from now on (${inStudy})`,
      });
  }
  const file = published.file;
  changes.push(
    ...studyChanges(
      file.study as unknown as Record<string, unknown>,
      next.file.study as unknown as Record<string, unknown>,
      counts,
    ),
    ...linkChanges(
      { study: file.study as unknown as Record<string, unknown>, settings: before },
      { study: next.file.study as unknown as Record<string, unknown>, settings: after },
      counts,
    ),
    ...taxonomyChanges(file.taxonomy, next.file.taxonomy),
    ...clipChanges(file.clips, next.file.clips, published.audio, next.audio, counts),
    ...pairChanges(file.pairs ?? [], next.file.pairs ?? [], counts),
  );
  return changes;
}

/** The changes as lines for a terminal: `Completion code: "A" → "B" — effect`. */
export function changeLines(changes: readonly PublishChange[]): string[] {
  return changes.map((c) => `${c.what}: ${c.from} → ${c.to} — ${c.effect}`);
}
