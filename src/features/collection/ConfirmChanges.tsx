// Publishing again would change something for people already in the study: what changes, from
// what to what, and what it means for them, before anything is sent.
import { useEffect, useId, useRef } from "react";
import { Button } from "../../components/Button.tsx";
import type { PublishedStudy } from "../../domain/collection/protocol.ts";
import type { PublishChange } from "../../domain/collection/publishChanges.ts";

export function ConfirmChanges({
  changes,
  published,
  onAnswer,
}: {
  changes: PublishChange[];
  published: PublishedStudy;
  onAnswer(ok: boolean): void;
}) {
  const ids = { title: useId(), body: useId() };
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const p = published.participants;
  return (
    <div
      role="alertdialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <h4 id={ids.title} className="font-semibold text-amber-950">
        Publishing would change the live study
      </h4>
      <div id={ids.body} className="text-amber-950">
        <p className="mt-1">
          {p.started} working, {p.completed} finished, {p.screenedOut} screened out, {p.returned}{" "}
          returned so far.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {changes.map((c) => (
            <li key={c.what}>
              <strong>{c.what}</strong>: {c.from} → {c.to}: {c.effect}.
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="danger" onClick={() => onAnswer(true)}>
          Publish these changes
        </Button>
        <Button ref={cancel} onClick={() => onAnswer(false)}>
          Cancel, change nothing
        </Button>
      </div>
    </div>
  );
}
