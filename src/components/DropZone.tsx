// A region that takes files dropped on it: the drag highlight, the handlers and the dashed look
// shared by every file picker (new study audio, annotation files, audio for imported clips).
// The file input inside it stays with each caller, with its own name and accepted types.
import { type DragEvent, type ReactNode, useState } from "react";

export function DropZone({
  label,
  onFiles,
  disabled = false,
  className = "",
  children,
}: {
  /** The region's accessible name, e.g. "Drop zone for audio files". */
  label: string;
  onFiles: (files: File[]) => void;
  /** Dropped files are ignored while disabled (e.g. busy). */
  disabled?: boolean;
  /** Layout classes (padding, spacing); the border and highlight come from here. */
  className?: string;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = Array.from(e.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(files);
  };
  return (
    <section
      aria-label={label}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed transition-colors ${
        over ? "border-slate-900 bg-slate-100" : "border-slate-300 bg-slate-50"
      } ${className}`}
    >
      {children}
    </section>
  );
}
