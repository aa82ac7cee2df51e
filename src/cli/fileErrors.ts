// Node's file errors in words, for every command that reads or writes files.
import { errorMessage } from "../domain/util/errorText.ts";

/** Why a file could not be read, in words. */
export function readError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EISDIR":
      return "is a directory, not a file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ERR_STRING_TOO_LONG":
      return "too large to read as text";
    default:
      return `cannot read: ${errorMessage(error)}`;
  }
}

/** Why a file or folder could not be written, in words (Node's error codes). */
export function writeError(error: unknown): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case "EEXIST":
    case "ENOTDIR":
      return "a file is in the way of a folder";
    case "EISDIR":
      return "is a folder";
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return "permission denied";
    case "ENOSPC":
    case "EDQUOT":
      return "no space left";
    default:
      return errorMessage(error);
  }
}
