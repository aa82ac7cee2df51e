// "Instruction arms" in the study settings: one study published under several instruction
// texts (`study.arms`, Chiang et al.'s Table 4). Each arriving participant is given one arm in
// turn (the server: the arm with the fewest so far) and reads its text instead of the study's
// instructions; the arm is recorded as `profile.arm`. Checked by the settings schema, the one
// home of the rules `cli new` uses too (domain/api/settingsSchema.ts).
import { useId } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { checkStudySettings } from "../../domain/api/settingsSchema.ts";
import { armsOf, type InstructionArm, MAX_ARMS } from "../../domain/collection/arms.ts";
import { FieldError } from "./fields.tsx";

export type ArmsDraft = InstructionArm[];

/** The study's arms as the form edits them (none: the list is empty). */
export function armsDraft(extra: Record<string, unknown>): ArmsDraft {
  return armsOf(extra).map((a) => ({ ...a }));
}

/** The draft as stored: ids and texts trimmed; none when the list is empty. */
function trimmed(draft: ArmsDraft): ArmsDraft {
  return draft.map((a) => ({ id: a.id.trim(), instructions: a.instructions.trim() }));
}

/**
 * Why the arms cannot be saved, each problem naming the arm and its field ("Arm 2, id: …"),
 * or undefined. An empty list is fine (no arms).
 */
export function armsProblem(draft: ArmsDraft): string | undefined {
  if (draft.length === 0) return undefined;
  const checked = checkStudySettings({ arms: trimmed(draft) });
  if (checked.ok) return undefined;
  return checked.problems
    .map((p) =>
      p
        .replace(/^arms\[(\d+)\]\.(\w+): /, (_, i: string, field: string) => {
          const name = field === "id" ? "id" : "instructions";
          return `Arm ${Number(i) + 1}, ${name}: `;
        })
        .replace(/^arms: /, "Instruction arms: "),
    )
    .join(" ");
}

/** `extra` with `arms` set from the draft, or without it when the list is empty. */
export function withArms(
  extra: Record<string, unknown>,
  draft: ArmsDraft,
): Record<string, unknown> {
  const { arms: _old, ...rest } = extra;
  return draft.length === 0 ? rest : { ...rest, arms: trimmed(draft) };
}

export function ArmsFields({
  draft,
  onChange,
  error,
}: {
  draft: ArmsDraft;
  onChange(draft: ArmsDraft): void;
  error: string | undefined;
}) {
  const id = useId();
  const set = (i: number, arm: Partial<InstructionArm>) =>
    onChange(draft.map((a, j) => (j === i ? { ...a, ...arm } : a)));
  const add = () => {
    const taken = new Set(draft.map((a) => a.id));
    let n = draft.length + 1;
    while (taken.has(`arm${n}`)) n++;
    // The first arm added to a study without arms, and its second: two to start with.
    const fresh = (k: number) => ({ id: `arm${k}`, instructions: "" });
    onChange(draft.length === 0 ? [fresh(1), fresh(2)] : [...draft, fresh(n)]);
  };
  return (
    <fieldset
      className="rounded-md border border-slate-200 p-3"
      aria-describedby={error ? `${id}-h ${id}-e` : `${id}-h`}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">
        Instruction arms <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <p id={`${id}-h`} className="text-xs text-slate-500">
        Publish the study under several instruction texts, as Chiang et al. (2023, Table 4) compared
        them: each participant who arrives is given one arm in turn and reads its text instead of
        the instructions above. The arm is recorded as profile.arm; Compare, grouped by "arm", sets
        the arms side by side.
      </p>
      {draft.map((arm, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: arms are edited in place by position
        <div key={i} className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr_auto]">
          <div>
            <label htmlFor={`${id}-${i}-id`} className="block text-sm text-slate-700">
              Arm {i + 1} id
            </label>
            <input
              id={`${id}-${i}-id`}
              className={INPUT}
              value={arm.id}
              onChange={(e) => set(i, { id: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${id}-${i}-text`} className="block text-sm text-slate-700">
              Arm {i + 1} instructions
            </label>
            <textarea
              id={`${id}-${i}-text`}
              className={INPUT}
              rows={2}
              value={arm.instructions}
              onChange={(e) => set(i, { instructions: e.target.value })}
            />
          </div>
          <div className="self-end">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove arm ${i + 1}`}
              onClick={() => onChange(draft.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      <Button size="sm" className="mt-3" onClick={add} disabled={draft.length >= MAX_ARMS}>
        {draft.length === 0 ? "Add instruction arms" : "Add an arm"}
      </Button>
      <FieldError id={`${id}-e`} message={error} />
    </fieldset>
  );
}
