// zod, as every schema of ours takes it. In a page (where `document` exists) zod must not
// generate code with `new Function`: the app's Content-Security-Policy allows no eval, and even a
// caught attempt makes the browser report a violation. There, objects are parsed without zod's
// compiled fast path (`jitless`) and `compiled` leaves a schema as it is instead of compiling it
// ahead of time: the same results, by zod's runtime parser. Because every schema module imports
// z from here, the setting is made before any schema is built, however the bundle is split. Node
// (the CLI, the server) and the workers, which the page's policy does not cover, compile.
import { z } from "zod";

const inPage = typeof document !== "undefined";
if (inPage) z.config({ jitless: true });

/** The schema compiled ahead of time where code generation is allowed (z.compile), else itself. */
export function compiled<T extends z.ZodType>(schema: T): T {
  return inPage ? schema : z.compile(schema);
}

/**
 * `compiled(schema)`, made when first asked for: a schema that checks only the records a
 * plainer test cannot pass (schema.ts) is then not compiled for files that have none, and a
 * command that reads no file does not compile it at all.
 */
export function compiledOnUse<T extends z.ZodType>(schema: T): () => T {
  let made: T | undefined;
  return () => {
    made ??= compiled(schema);
    return made;
  };
}

export { z };

/** An ISO-8601 date and time, as the reader accepts it (also the server's rule for `completedAt`). */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, local: true });
