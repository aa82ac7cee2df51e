// Which participant links a collection server accepts for the study (`study.participantLinks`,
// domain/collection/links.ts), in Edit settings. "As the platform says" leaves it unset: a
// Prolific study (its protocol's platform, or a completion address on Prolific) then takes
// Prolific links only, any other study both.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import { PARTICIPANT_LINKS, type ParticipantLinks } from "../../domain/collection/links.ts";

/** The select's value: a setting, or "" for none (the platform decides). */
export type LinksDraft = ParticipantLinks | "";

/** The study's setting as the select shows it. */
export function linksDraft(extra: Readonly<Record<string, unknown>>): LinksDraft {
  const own = extra.participantLinks;
  return (PARTICIPANT_LINKS as readonly unknown[]).includes(own) ? (own as ParticipantLinks) : "";
}

const CHOICES: { value: LinksDraft; label: string }[] = [
  { value: "", label: "As the platform says (a Prolific study: Prolific links only)" },
  { value: "prolific", label: "Prolific links only (PROLIFIC_PID)" },
  { value: "generic", label: "Generic links only (?participant=ID)" },
  { value: "both", label: "Both Prolific and generic links" },
];

export function LinksField({
  value,
  onChange,
}: {
  value: LinksDraft;
  onChange(v: LinksDraft): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Participant links a collection server accepts
      </label>
      <select
        id={id}
        className={INPUT}
        value={value}
        aria-describedby={`${id}-h`}
        onChange={(e) => onChange(e.target.value as LinksDraft)}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <p id={`${id}-h`} className="mt-1 text-xs text-slate-500">
        A link the study does not accept opens nothing: with Prolific links only, a made-up
        ?participant= id cannot take a place or reach the completion code. The same id through
        either kind of link is one participant (screened out stays screened out).
      </p>
    </div>
  );
}
