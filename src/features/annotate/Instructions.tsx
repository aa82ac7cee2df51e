// The researcher's instructions for annotators (the study's `instructions`), above the clip.
// Open at first; a click folds them to one line so they do not push the waveform down all day.
import { useState } from "react";

export function Instructions({ text }: { text: string }) {
  const [open, setOpen] = useState(true);
  if (text.trim() === "") return null;
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950"
    >
      <summary className="cursor-pointer font-medium">Instructions</summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  );
}
