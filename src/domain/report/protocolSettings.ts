// What the researcher states about a listening test's protocol (`study.protocol`), apart from
// the report that writes it out (protocol.ts): the study settings read this without loading
// the report writer.

/** What the researcher states about the protocol: `study.protocol` in the interchange file. */
export interface ProtocolSettings {
  /** Where listeners were recruited ("Prolific", "a lab at …"). */
  platform?: string;
  /** Platform filters: location, language, approval rate, … */
  recruitment?: string;
  /** Qualification or training before the test. */
  qualification?: string;
  /** Listening setup asked for (headphones, quiet room, …). */
  listening?: string;
  /** Pay per participant, in `currency`. */
  payAmount?: number;
  currency?: string;
  /** When the test ran. */
  dates?: string;
}

export const PROTOCOL_KEYS = [
  "platform",
  "recruitment",
  "qualification",
  "listening",
  "payAmount",
  "currency",
  "dates",
] as const;

/** The study's protocol settings, keeping only well-formed values. */
export function protocolOf(study: Record<string, unknown>): ProtocolSettings {
  const raw = study.protocol;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const p = raw as Record<string, unknown>;
  const out: ProtocolSettings = {};
  for (const key of [
    "platform",
    "recruitment",
    "qualification",
    "listening",
    "currency",
    "dates",
  ] as const) {
    const v = p[key];
    if (typeof v === "string" && v.trim() !== "") out[key] = v.trim();
  }
  if (typeof p.payAmount === "number" && Number.isFinite(p.payAmount) && p.payAmount >= 0)
    out.payAmount = p.payAmount;
  return out;
}
