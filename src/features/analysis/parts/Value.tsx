import { NULL_MARK } from "../format.ts";

/**
 * A formatted figure; an undefined one shows "—" followed by why it is undefined, so a reader
 * never has to guess whether a dash means zero, missing or not computable.
 */
export function Value({
  text,
  reason,
  className = "",
}: {
  /** The formatted figure, or NULL_MARK. */
  text: string;
  /** Why the figure is undefined; shown only when `text` is NULL_MARK. */
  reason?: string | undefined;
  className?: string;
}) {
  // `data-value` marks the figure itself, for tests and scrapers reading the screen.
  if (text !== NULL_MARK) {
    return (
      <span data-value="" className={`tabular-nums ${className}`}>
        {text}
      </span>
    );
  }
  return (
    <span className={className}>
      <span data-value="" aria-hidden="true">
        {NULL_MARK}
      </span>
      <span className="sr-only">undefined</span>
      {/* inline-block with its own line height: a long reason wraps as a small block instead of
          taking the big figure's line height (a lone word stranded a line below). */}
      {reason ? (
        <span className="ml-1 inline-block align-middle text-xs leading-snug font-normal tracking-normal text-slate-500">
          ({reason})
        </span>
      ) : null}
    </span>
  );
}
