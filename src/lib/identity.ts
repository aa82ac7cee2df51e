// Who is annotating: `?annotator=<id>&role=crowd|expert` in the URL, remembered in
// localStorage so that a returning annotator is not asked again.
export type AnnotateRole = "crowd" | "expert";
export interface Identity {
  annotatorId: string;
  role: AnnotateRole;
}

export const IDENTITY_KEY = "redpen.annotator";
const ID_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** Why an annotator id cannot be used, or null when it can. */
export function annotatorIdProblem(id: string): string | null {
  const trimmed = id.trim();
  if (trimmed === "") return "Enter your annotator id.";
  if (ID_PATTERN.test(trimmed)) return null;
  const rule = "Use only letters, digits, dots, dashes, underscores or @ (no spaces).";
  if (trimmed.length > 64) return `The id is ${trimmed.length} characters long; use at most 64.`;
  if (/\s/.test(trimmed)) return `“${trimmed}” contains a space. ${rule}`;
  const bad = [...new Set(trimmed.replace(/[A-Za-z0-9._@-]/g, ""))].join(" ");
  return `“${trimmed}” contains ${bad.length === 1 ? "the character" : "the characters"} ${bad}. ${rule}`;
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
