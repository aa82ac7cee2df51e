// Audio for clips that were imported without it: files dropped or chosen here are matched to
// the study's clips by name (ignoring case, also without extension) and stored.
import { useLiveQuery } from "dexie-react-hooks";
import { useId, useState } from "react";
import { readAudioDuration } from "../../audio/decode.ts";
import { FILE_BUTTON_CLASS } from "../../components/Button.tsx";
import { DropZone } from "../../components/DropZone.tsx";
import {
  type AttachAudioResult,
  attachAudio,
  bytesNeeded,
  clipsWithoutAudio,
  requireSpace,
  runWrite,
} from "../../db/repo.ts";
import { errorMessage } from "../../domain/util/errorText.ts";

const SHOWN = 8;

function list(names: readonly string[]): string {
  const head = names.slice(0, SHOWN).join(", ");
  return names.length > SHOWN ? `${head} and ${names.length - SHOWN} more` : head;
}

export function AddAudio({ studyId }: { studyId: string }) {
  const missing = useLiveQuery(() => clipsWithoutAudio(studyId), [studyId]);
  const [result, setResult] = useState<AttachAudioResult | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const add = async (files: File[]) => {
    setBusy(true);
    setError(null);
    try {
      // Only audio the browser can decode is stored: a text file named c1.wav is refused.
      const decodable: File[] = [];
      const undecodable: string[] = [];
      for (const file of files) {
        try {
          await readAudioDuration(file);
          decodable.push(file);
        } catch (e) {
          undecodable.push(`${file.name}: ${errorMessage(e)}`);
        }
      }
      setRefused(undecodable);
      setResult(
        decodable.length > 0
          ? await runWrite("the audio", async () => {
              const bytes = decodable.reduce((sum, f) => sum + f.size, 0);
              await requireSpace(bytesNeeded(bytes, decodable.length), "the audio");
              return attachAudio(studyId, decodable);
            })
          : { matched: [], unmatched: [], stillMissing: missing ?? [] },
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (missing === undefined || (missing.length === 0 && result === null)) return null;

  return (
    <section aria-labelledby={`${inputId}-h`} className="border-t border-slate-200 pt-4">
      <h3 id={`${inputId}-h`} className="text-sm font-semibold text-slate-900">
        Audio for imported clips
      </h3>
      {missing.length > 0 ? (
        <p className="mt-0.5 text-sm text-slate-600">
          {missing.length === 1 ? "1 clip has" : `${missing.length} clips have`} no audio yet:{" "}
          <span className="break-all">{list(missing)}</span>.
        </p>
      ) : (
        <p className="mt-0.5 text-sm text-slate-600">Every clip has its audio now.</p>
      )}
      {missing.length > 0 && (
        <DropZone
          label="Drop zone for audio files"
          onFiles={(files) => void add(files)}
          disabled={busy}
          className="mt-2 px-4 py-3"
        >
          <label htmlFor={inputId} className="sr-only">
            Add audio
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept="audio/*,.wav,.mp3,.flac,.ogg,.m4a,.webm"
            disabled={busy}
            aria-describedby={hintId}
            className={`block w-full cursor-pointer text-sm text-slate-600 ${FILE_BUTTON_CLASS} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50`}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              if (files.length > 0) void add(files);
            }}
          />
          <p id={hintId} className="mt-1.5 text-xs text-slate-500">
            Choose or drop the audio files: each is matched to the clip of the same name (ignoring
            case and extension).
          </p>
        </DropZone>
      )}
      {result && (
        <div role="status" className="mt-2 space-y-0.5 text-sm">
          {(result.matched.length > 0 || refused.length === 0) && (
            <p className="text-emerald-800">
              Added audio to{" "}
              {result.matched.length === 1 ? "1 clip" : `${result.matched.length} clips`}.
            </p>
          )}
          {result.unmatched.length > 0 && (
            <p className="text-red-600">No clip named like {list(result.unmatched)}: not stored.</p>
          )}
          {refused.length > 0 && (
            <div className="text-red-600">
              <p>
                {refused.length === 1
                  ? "1 file is not audio this browser can play, not stored:"
                  : `${refused.length} files are not audio this browser can play, not stored:`}
              </p>
              <ul className="list-disc pl-5">
                {refused.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
