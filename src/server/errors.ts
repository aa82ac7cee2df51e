// A refusal (status, code, message naming the field) and the check of a request against the
// API contract that makes one: shared by the services and the routes.
import type { z } from "zod";
import { checkRequest, StudyIdParamsSchema } from "../domain/api/requests.ts";

/** A refusal the HTTP layer turns into a status and `{ error: { code, message } }`. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers (Allow, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The request checked against its schema in the API contract (src/domain/api/requests.ts),
 * before anything else: a 400 whose message names each field that breaks a rule.
 */
export function valid<S extends z.ZodType>(schema: S, body: unknown, code: string): z.output<S> {
  const checked = checkRequest(schema, body);
  if (!checked.ok) throw new ServiceError(400, code, checked.problems.join("\n"));
  return checked.value;
}

/** A study id from an address: bounded text without control characters. */
export function validStudyId(studyId: string): string {
  return valid(StudyIdParamsSchema, { studyId }, "bad-study-id").studyId;
}

/** The constraint a refused write broke (PostgreSQL's error fields, on both databases). */
export function brokenConstraint(e: unknown): string | undefined {
  const x = e as { code?: unknown; constraint?: unknown } | null;
  if (x?.code !== "23503") return undefined;
  return typeof x.constraint === "string" ? x.constraint : "";
}
