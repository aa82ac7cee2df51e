// What the study forms ("New study", "Study settings", "Add clips") share: the input style,
// the message under a field, and the checks of a study's name and bin width.

export const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900 aria-[invalid=true]:border-red-600";

/** The problem with a field, under it; `id` lets the field point at it (aria-describedby). */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/** Why this study name cannot be used, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  return name.trim() === "" ? "Enter a name for the study." : undefined;
}

/** Why this bin width (as typed, in seconds) cannot be used, or undefined when it can. */
export function binProblem(text: string): string | undefined {
  const seconds = Number(text);
  return text.trim() === "" || !Number.isFinite(seconds) || seconds <= 0
    ? "Bin width must be a number of seconds greater than 0."
    : undefined;
}
