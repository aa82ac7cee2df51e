// The researcher's instructions for annotators (the study's `instructions`), above the clip.
// Open at first; a click folds them to one line so they do not push the waveform down all day.
// The box stays mounted from clip to clip, so a fold lasts until the page is reloaded: React
// sets `open` only when it first renders it, and the browser keeps the person's toggle.

export function Instructions({ text, title }: { text: string; title: string }) {
  if (text.trim() === "") return null;
  return (
    <details
      open
      className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950"
    >
      <summary className="cursor-pointer font-medium">{title}</summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  );
}
