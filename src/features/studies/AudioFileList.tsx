import { formatSeconds } from "../../lib/format.ts";
import type { AudioItem } from "./audioFiles.ts";

/** The chosen files: decoded ones with their length, failures in red with the reason. */
export function AudioFileList({
  items,
  onRemove,
}: {
  items: readonly AudioItem[];
  onRemove: (key: string) => void;
}) {
  if (items.length === 0) return null;
  const failed = items.filter((i) => i.status === "failed");
  const rest = items.filter((i) => i.status !== "failed");
  const mismatched = rest.filter((i) => i.status === "ok" && i.mismatch);
  return (
    <div className="space-y-3">
      {failed.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-medium text-red-800">
            {failed.length === 1
              ? "1 file could not be used and will be left out:"
              : `${failed.length} files could not be used and will be left out:`}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-red-700">
            {failed.map((i) => (
              <li key={i.key}>
                {i.file.name}: {i.status === "failed" ? i.reason : ""}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-red-700">
            To include {failed.length === 1 ? "this one" : "these"}, convert{" "}
            {failed.length === 1 ? "it" : "them"} to WAV, MP3, FLAC or OGG and choose{" "}
            {failed.length === 1 ? "it" : "them"} again.
          </p>
        </div>
      )}
      {mismatched.length > 0 && (
        <div role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            {mismatched.length === 1
              ? "1 file's header disagrees with its audio; the decoded length is used:"
              : `${mismatched.length} files' headers disagree with their audio; the decoded length is used:`}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-amber-900">
            {mismatched.map((i) => (
              <li key={i.key}>
                {i.file.name}: {i.status === "ok" ? i.mismatch : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
      {rest.length > 0 && (
        <ul
          aria-label="Audio files to import"
          className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
        >
          {rest.map((i) => (
            <li key={i.key} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
              <span className="truncate text-slate-800">{i.file.name}</span>
              <span className="flex shrink-0 items-center gap-3">
                <span className="tabular-nums text-slate-500">
                  {i.status === "ok" ? formatSeconds(i.duration) : "decoding…"}
                </span>
                <button
                  type="button"
                  onClick={() => onRemove(i.key)}
                  aria-label={`Remove ${i.file.name}`}
                  className="rounded px-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-900"
                >
                  ×
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
