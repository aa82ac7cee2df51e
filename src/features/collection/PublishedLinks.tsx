// What a publish did, and the participant links to paste into Prolific or hand out.
import { useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import type { PublishOutcome } from "./publish.ts";

export function PublishedLinks({ outcome }: { outcome: PublishOutcome }) {
  return (
    <div role="status" className="mt-3 space-y-2 rounded-md bg-emerald-50 p-3 text-sm">
      <p className="text-emerald-900">
        {outcome.created ? "Published" : "Updated"}: {outcome.clips} clips; {outcome.audioSent}{" "}
        audio file(s) sent, {outcome.audioKept} already on the server.
      </p>
      {outcome.links.prolific && (
        <LinkRow
          label="Prolific study URL (turn on “URL parameters”)"
          link={outcome.links.prolific}
        />
      )}
      {outcome.links.generic && (
        <LinkRow label="Any other platform, a lab or a class" link={outcome.links.generic} />
      )}
      {!(outcome.links.prolific && outcome.links.generic) && (
        <p className="text-xs text-slate-600">
          This study accepts {outcome.links.prolific ? "Prolific links only" : "generic links only"}{" "}
          (Edit settings, “Participant links a collection server accepts”).
        </p>
      )}
    </div>
  );
}

export function LinkRow({ label, link }: { label: string; link: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={link} className={`${INPUT} mt-0 font-mono text-xs`} />
        <Button
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
