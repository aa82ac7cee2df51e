// Who is annotating: `?annotator=<id>&role=crowd|expert` in the URL, remembered in
// localStorage so that a returning annotator is not asked again.
export type AnnotateRole = "crowd" | "expert";
export interface Identity {
  annotatorId: string;
  role: AnnotateRole;
}

export const IDENTITY_KEY = "redpen.annotator";
const ID_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** What is wrong with an annotator id, for a message in the page's language; null when usable. */
export type AnnotatorIdIssue =
  | { kind: "empty" }
  | { kind: "long"; length: number; max: number }
  | { kind: "space"; id: string }
  | { kind: "characters"; id: string; characters: string; count: number };

export function annotatorIdIssue(id: string): AnnotatorIdIssue | null {
  const trimmed = id.trim();
  if (trimmed === "") return { kind: "empty" };
  if (ID_PATTERN.test(trimmed)) return null;
  if (trimmed.length > 64) return { kind: "long", length: trimmed.length, max: 64 };
  if (/\s/.test(trimmed)) return { kind: "space", id: trimmed };
  const bad = [...new Set(trimmed.replace(/[A-Za-z0-9._@-]/g, ""))];
  return { kind: "characters", id: trimmed, characters: bad.join(" "), count: bad.length };
}

/** Why an annotator id cannot be used (in English, for the researcher's screens), or null. */
export function annotatorIdProblem(id: string): string | null {
  const issue = annotatorIdIssue(id);
  if (!issue) return null;
  const rule = "Use only letters, digits, dots, dashes, underscores or @ (no spaces).";
  switch (issue.kind) {
    case "empty":
      return "Enter your annotator id.";
    case "long":
      return `The id is ${issue.length} characters long; use at most ${issue.max}.`;
    case "space":
      return `“${issue.id}” contains a space. ${rule}`;
    case "characters":
      return `“${issue.id}” contains ${issue.count === 1 ? "the character" : "the characters"} ${issue.characters}. ${rule}`;
  }
}

export function isRole(value: unknown): value is AnnotateRole {
  return value === "crowd" || value === "expert";
}

/** The identity in a query string, or null when either part is missing or invalid. */
export function identityFromSearch(search: string | URLSearchParams): Identity | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const annotatorId = params.get("annotator")?.trim() ?? "";
  const role = params.get("role");
  if (annotatorIdProblem(annotatorId) !== null || !isRole(role)) return null;
  return { annotatorId, role };
}

/** The remembered identity, or null (nothing stored, unreadable, or storage unavailable). */
export function loadIdentity(storage: Pick<Storage, "getItem"> | undefined): Identity | null {
  try {
    const raw = storage?.getItem(IDENTITY_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    const { annotatorId, role } = parsed as Record<string, unknown>;
    if (typeof annotatorId !== "string" || annotatorIdProblem(annotatorId) !== null) return null;
    if (!isRole(role)) return null;
    return { annotatorId: annotatorId.trim(), role };
  } catch {
    return null;
  }
}

export function saveIdentity(storage: Pick<Storage, "setItem"> | undefined, identity: Identity) {
  try {
    storage?.setItem(IDENTITY_KEY, JSON.stringify(identity));
  } catch {
    // Private mode or full storage: the URL still carries the identity.
  }
}

/** The query string with the identity set, other parameters kept. */
export function searchWithIdentity(search: string, identity: Identity): string {
  const params = new URLSearchParams(search);
  params.set("annotator", identity.annotatorId);
  params.set("role", identity.role);
  return params.toString();
}
