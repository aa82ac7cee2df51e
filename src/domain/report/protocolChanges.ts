// The protocol report's record of changes made to a study while it was collecting (issue 37,
// item 3): the collection server records each publish that changed a running study (what, from
// what to what), when, and how many participants had arrived before it, and `collect` gives
// them as `study.protocolChanges`. A methods section must say that, for instance, the headphone
// check was switched off after 40 of 120 listeners: the figures pool people who met two
// protocols.

/** One publish that changed a running study, as `collect` writes it into `study`. */
export interface ProtocolChange {
  /** When the change was published (ISO 8601). */
  at: string;
  /** How many participants had arrived (any status) before it. */
  participantsBefore: number;
  /** What changed, as the confirmation listed it (domain/collection/publishChanges.ts). */
  changes: { what: string; from: string; to: string }[];
}

const isText = (v: unknown): v is string => typeof v === "string";

/** The recorded changes of a study (`study.protocolChanges`); malformed entries are left out. */
export function protocolChangesOf(study: Record<string, unknown>): ProtocolChange[] {
  const raw = study.protocolChanges;
  if (!Array.isArray(raw)) return [];
  const out: ProtocolChange[] = [];
  for (const entry of raw) {
    if (typeof entry !== "object" || entry === null) continue;
    const e = entry as Record<string, unknown>;
    if (!isText(e.at) || Number.isNaN(Date.parse(e.at))) continue;
    const before = e.participantsBefore;
    if (typeof before !== "number" || !Number.isInteger(before) || before < 0) continue;
    if (!Array.isArray(e.changes)) continue;
    const changes = e.changes.filter(
      (c): c is ProtocolChange["changes"][number] =>
        typeof c === "object" &&
        c !== null &&
        isText((c as Record<string, unknown>).what) &&
        isText((c as Record<string, unknown>).from) &&
        isText((c as Record<string, unknown>).to),
    );
    if (changes.length > 0) out.push({ at: e.at, participantsBefore: before, changes });
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A section of the report: its heading, a table and a note (protocol.ts formats it). */
export interface ChangesSection {
  heading: string;
  table: { head: string[]; rows: string[][]; align: ("l" | "r")[] };
  note: string;
}

/**
 * The report's section on changes during collection: one row per change, with the time of its
 * publish (UTC, to the minute) and how many participants had arrived before it. Null when the
 * study records none.
 */
export function protocolChangesSection(changes: readonly ProtocolChange[]): ChangesSection | null {
  if (changes.length === 0) return null;
  const rows = changes.flatMap((c) => {
    const when = `${c.at.slice(0, 10)} ${c.at.slice(11, 16)}`;
    return c.changes.map((x) => [when, String(c.participantsBefore), x.what, x.from, x.to]);
  });
  const publishes = changes.length;
  return {
    heading: "Changes to the protocol during collection",
    table: {
      head: ["Published (UTC)", "Participants before", "What changed", "From", "To"],
      rows,
      align: ["l", "r", "l", "l", "l"],
    },
    note: `The study was changed ${publishes === 1 ? "once" : `${publishes} times`} while participants were taking part, as the collection server recorded each publish; the participants who arrived before a change met the protocol before it, and the figures pool both.`,
  };
}
