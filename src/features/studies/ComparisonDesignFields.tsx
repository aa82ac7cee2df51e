// "Comparison design" in New study and Edit settings (a compare study): how the pairs are made
// from the clips (every pair of systems per sentence, each system against one, or a pair,a,b
// CSV), the scale, the question's words, pairs per participant and judgments per pair (R), and
// a summary of the pairs the choice makes. The pairs themselves: designDraft.ts.
import { useId } from "react";
import { buttonClass } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { pairsPerSentence, systemsOf } from "../../domain/tasks/compare/pairs.ts";
import { SCALE_CHOICES } from "../../domain/tasks/compare/settings.ts";
import type { RegionView, viewPairOptions } from "../../domain/tasks/compare/views.ts";
import { moduleOf } from "../../domain/tasks/index.ts";
import { plural } from "../../lib/format.ts";
import type {
  ClipFacts,
  ComparisonDraft,
  ConstructionChoice,
  DesignField,
  DesignOutcome,
  ViewsDraft,
} from "./designDraft.ts";
import { FieldError } from "./fields.tsx";

type ViewOptions = ReturnType<typeof viewPairOptions>;

const REGION_VIEWS: { value: RegionView; label: string; hint: string }[] = [
  {
    value: "union",
    label: "Any listener's regions (union)",
    hint: "The bins at least one listener marked.",
  },
  {
    value: "overlap",
    label: "Regions every listener marked (overlap)",
    hint: "Only the bins all the clip's listeners marked.",
  },
];

/** The region preference test's choices: whose regions, which model, which clips. */
function ViewsFields({
  views,
  draft,
  onDraft,
}: {
  views: ViewOptions;
  draft: ViewsDraft;
  onDraft(draft: ViewsDraft): void;
}) {
  const id = useId();
  const set = (patch: Partial<ViewsDraft>) => onDraft({ ...draft, ...patch });
  const available = views.clips[draft.model]?.[draft.regions] ?? 0;
  return (
    <div className="mt-2 space-y-3 border-l-2 border-slate-200 pl-3">
      <fieldset>
        <legend className="text-sm text-slate-700">The listeners' side</legend>
        {REGION_VIEWS.map((r) => (
          <label key={r.value} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-regions`}
              className="mt-1"
              checked={draft.regions === r.value}
              onChange={() => set({ regions: r.value })}
              aria-describedby={`${id}-${r.value}-d`}
            />
            <span>
              {r.label}
              <span id={`${id}-${r.value}-d`} className="block text-xs text-slate-500">
                {r.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="max-w-xs">
        <label htmlFor={`${id}-model`} className="block text-sm text-slate-700">
          Model
        </label>
        <select
          id={`${id}-model`}
          className={INPUT}
          value={draft.model}
          onChange={(e) => set({ model: e.target.value })}
        >
          {draft.model === "" && <option value="">Choose a model</option>}
          {views.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="text-sm text-slate-700">Clips</legend>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={`${id}-clips`}
            className="mt-1"
            checked={draft.clips === "all"}
            onChange={() => set({ clips: "all" })}
          />
          <span>Every clip with both ({available})</span>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={`${id}-clips`}
            checked={draft.clips === "count"}
            onChange={() => set({ clips: "count" })}
          />
          <span>A number of them, drawn at random:</span>
          <span className="w-24 shrink-0">
            <input
              className={INPUT}
              inputMode="numeric"
              aria-label="Number of clips"
              value={draft.count}
              disabled={draft.clips !== "count"}
              onChange={(e) => set({ count: e.target.value })}
            />
          </span>
        </label>
      </fieldset>
    </div>
  );
}

export function ComparisonDesignFields({
  clips,
  draft,
  onDraft,
  outcome,
  problems,
  current,
  views = null,
}: {
  clips: readonly ClipFacts[];
  draft: ComparisonDraft;
  onDraft(draft: ComparisonDraft): void;
  /** What the drafts make now (for the summary). */
  outcome: DesignOutcome;
  /** The problems shown after trying to save. */
  problems: Partial<Record<DesignField, string>>;
  /** How many pairs the study has now (Edit settings); 0 in New study. */
  current: number;
  /** The models and clips a region preference test may use (New study from a marked study). */
  views?: ViewOptions | null;
}) {
  const id = useId();
  const systems = systemsOf(clips);
  const labels = moduleOf("compare").studyPage;
  const set = (patch: Partial<ComparisonDraft>) => onDraft({ ...draft, ...patch });
  const choices: { value: ConstructionChoice; label: string; hint: string }[] = [
    ...(current > 0
      ? [
          {
            value: "keep" as const,
            label: `Keep the current ${plural(current, "pair")}`,
            hint: "The study's pairs as they are.",
          },
        ]
      : []),
    {
      value: "all-systems",
      label: "Every pair of systems, per sentence",
      hint: "Each sentence's clips of two different systems make a pair (the clips' system and sentence).",
    },
    {
      value: "against",
      label: "Each system against one",
      hint: "Each other system's clip against the chosen system's clip of the same sentence.",
    },
    {
      value: "csv",
      label: "Pairs from a CSV file",
      hint: "Columns pair,a,b: the pair's id and its two clips (by id or file name).",
    },
    ...(views
      ? [
          {
            value: "views" as const,
            label: "Listeners' regions against a model's saliency",
            hint: "One clip heard twice: once with the listeners' regions highlighted, once with the model's most salient bins (as many); which shows the unnaturalness better (the RedPen paper's Table 3).",
          },
        ]
      : []),
  ];
  const problem = problems.pairs ?? (outcome.ok ? undefined : outcome.problems.pairs);
  const perSentence = outcome.ok ? pairsPerSentence(outcome.main, clips) : [];
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Comparison design</legend>
      <div className="space-y-4">
        <fieldset>
          <legend className="text-sm text-slate-700">Pairs</legend>
          <div className="mt-1 space-y-1">
            {choices.map((c) => (
              <label key={c.value} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-pairs`}
                  className="mt-1"
                  checked={draft.construction === c.value}
                  onChange={() =>
                    set({
                      construction: c.value,
                      ...(c.value === "against" && draft.against === ""
                        ? { against: againstDefault(clips, systems) }
                        : {}),
                      ...(c.value === "views" && draft.views.model === "" && views
                        ? { views: { ...draft.views, model: views.models[0] ?? "" } }
                        : {}),
                    })
                  }
                  aria-describedby={`${id}-${c.value}-d`}
                />
                <span>
                  {c.label}
                  <span id={`${id}-${c.value}-d`} className="block text-xs text-slate-500">
                    {c.hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {draft.construction === "against" && (
            <div className="mt-2 max-w-xs">
              <label htmlFor={`${id}-against`} className="block text-sm text-slate-700">
                Against system
              </label>
              <select
                id={`${id}-against`}
                className={INPUT}
                value={draft.against}
                onChange={(e) => set({ against: e.target.value })}
              >
                {draft.against === "" && <option value="">Choose a system</option>}
                {systems.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
          )}
          {draft.construction === "views" && views && (
            <ViewsFields views={views} draft={draft.views} onDraft={(v) => set({ views: v })} />
          )}
          {draft.construction === "csv" && (
            <div className="mt-2 flex items-center gap-3">
              <input
                id={`${id}-csv`}
                type="file"
                accept=".csv,text/csv"
                aria-label="Pairs CSV (pair,a,b)"
                className="peer sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file)
                    void file.text().then((text) => set({ csv: { name: file.name, text } }));
                }}
              />
              <label
                htmlFor={`${id}-csv`}
                aria-hidden="true"
                className={`${buttonClass("secondary", "sm")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-slate-900`}
              >
                {draft.csv ? "Choose another CSV" : "Choose pairs CSV"}
              </label>
              {draft.csv && <span className="text-sm text-slate-700">{draft.csv.name}</span>}
            </div>
          )}
          {clips.length === 0 && !problems.pairs ? (
            <p className="mt-2 text-sm text-slate-600">
              The pairs are made from the clips: add the audio files and their metadata CSV (system,
              sentence) above.
            </p>
          ) : problem ? (
            <div role="alert" className="mt-2 whitespace-pre-line text-sm text-red-600">
              {problem}
            </div>
          ) : outcome.ok ? (
            <p className="mt-2 text-sm text-slate-700" aria-live="polite">
              {plural(outcome.main.length, "pair")} to judge
              {perSentence.length > 0 &&
                `: ${perSentence.map((s) => `${s.sentence} ${s.pairs}`).join(", ")}`}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend className="text-sm text-slate-700">Scale</legend>
          <div className="mt-1 space-y-1">
            {SCALE_CHOICES.map((s) => (
              <label key={s.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-scale`}
                  className="mt-1"
                  checked={draft.scale === s.id}
                  onChange={() => set({ scale: s.id })}
                  aria-describedby={`${id}-${s.id}-d`}
                />
                <span>
                  {s.label}
                  <span id={`${id}-${s.id}-d`} className="block text-xs text-slate-500">
                    {s.hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-question`} className="block text-sm text-slate-700">
            The question
          </label>
          <input
            id={`${id}-question`}
            className={INPUT}
            value={draft.question}
            maxLength={1000}
            placeholder={
              draft.scale === "ccr"
                ? "e.g. How natural is sample 2 compared with sample 1?"
                : "e.g. Which sample sounds more natural?"
            }
            aria-describedby={`${id}-question-h`}
            onChange={(e) => set({ question: e.target.value })}
          />
          <p id={`${id}-question-h`} className="mt-1 text-xs text-slate-500">
            Leave empty for the standard wording in the participant's language.
          </p>
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ["perParticipant", labels.perParticipant],
              ["perItem", labels.perItem],
            ] as const
          ).map(([key, label]) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className="block text-sm text-slate-700">
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                className={INPUT}
                inputMode="numeric"
                value={draft[key]}
                aria-invalid={problems[key] ? true : undefined}
                aria-describedby={problems[key] ? `${id}-${key}-e` : undefined}
                onChange={(e) => set({ [key]: e.target.value })}
              />
              <FieldError id={`${id}-${key}-e`} message={problems[key]} />
            </div>
          ))}
        </div>
      </div>
    </fieldset>
  );
}

/** The system the others are first paired against: the natural recordings', else the first. */
function againstDefault(clips: readonly ClipFacts[], systems: readonly string[]): string {
  const natural = clips.find((c) => c.isReference === true && c.system && c.sentence)?.system;
  return natural ?? systems[0] ?? "";
}
