// A drop zone for audio files that is also a file picker (click, or Enter/Space on the button).
import { useId, useRef } from "react";
import { Button } from "../../components/Button.tsx";
import { DropZone } from "../../components/DropZone.tsx";

export function AudioPicker({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  return (
    <DropZone
      label="Drop zone for audio files"
      onFiles={onFiles}
      disabled={disabled}
      className="flex flex-col items-center justify-center gap-2 px-4 py-6 text-center text-sm"
    >
      <p className="text-slate-700">Drop audio files here, or</p>
      <Button size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
        Choose audio files
      </Button>
      <p id={hintId} className="text-xs text-slate-500">
        WAV, MP3, FLAC, OGG… whatever this browser can decode. Each file becomes one clip.
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="audio/*,.wav,.mp3,.flac,.ogg,.m4a,.webm"
        multiple
        disabled={disabled}
        aria-label="Audio files"
        aria-describedby={hintId}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </DropZone>
  );
}
