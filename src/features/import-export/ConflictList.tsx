// The conflicts of one study's import, with "All stored" / "All incoming" shortcuts.
import { Button } from "../../components/Button.tsx";
import { type Choice, type Choices, type Conflict, effectiveChoice } from "../../domain/merge.ts";
import { ConflictItem } from "./ConflictItem.tsx";
import { conflictTitle } from "./conflictView.ts";

export function ConflictList({
  conflicts,
  choices,
  onChange,
}: {
  conflicts: Conflict[];
  choices: Choices;
  onChange: (choices: Choices) => void;
}) {
  const byKey = new Map(conflicts.map((c) => [c.key, c]));
  const setAll = (choice: Choice) => {
    const next: Choices = {};
    for (const c of conflicts) if (!c.followsRegion) next[c.key] = choice;
    onChange(next);
  };
  return (
    <section aria-label="Conflicts" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {conflicts.length === 1 ? "1 record differs" : `${conflicts.length} records differ`} from
          what is stored or between the files. Choose which version stays:
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setAll("keep")}>
            All stored
          </Button>
          <Button size="sm" onClick={() => setAll("incoming")}>
            All incoming
          </Button>
        </div>
      </div>
      <ul className="max-h-[28rem] space-y-2 overflow-y-auto pr-1">
        {conflicts.map((c) => {
          const region = c.followsRegion ? byKey.get(c.followsRegion) : undefined;
          return (
            <li key={c.key}>
              <ConflictItem
                conflict={c}
                choice={effectiveChoice(c, choices)}
                onChoose={(choice) => onChange({ ...choices, [c.key]: choice })}
                {...(region ? { regionTitle: conflictTitle(region) } : {})}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
