// A drop zone for audio files that is also a file picker (click, or Enter/Space on the button).
import { type DragEvent, useId, useRef, useState } from "react";

export function AudioPicker({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <section
      aria-label="Drop zone for audio files"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${
        over ? "border-slate-900 bg-slate-100" : "border-slate-300 bg-slate-50"
      }`}
    >
      <p className="text-slate-700">
        Drop audio files here, or{" "}
        <button
          type="button"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          className="font-medium text-slate-900 underline underline-offset-2 hover:text-slate-600 disabled:opacity-50"
        >
          choose files
        </button>
      </p>
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
    </section>
  );
}
