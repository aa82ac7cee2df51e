// An error in words: the one conversion every screen, command and worker uses when it shows or
// logs what went wrong (an Error's message, else its name; a message-bearing object's message;
// anything else as text).

/** The error's own words. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error && typeof error === "object" && "message" in error) return String(error.message);
  return String(error);
}
