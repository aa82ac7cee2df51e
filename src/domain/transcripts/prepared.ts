// Each recording's transcripts as word ids (the words interned once for the whole file), and
// ROVER over every recording: what both aggregation methods start from (aggregate.ts), and all
// that `aggregate --method rover` runs (so it loads none of the reliability method's code).
import { tokensOf } from "./normalise.ts";
import { roverIds, Vocabulary } from "./rover.ts";
import type { TaskResponses } from "./taskCsv.ts";

export interface AggregatedTask {
  task: string;
  output: string;
  /** How many transcripts the recording had. */
  transcripts: number;
}

const EMPTY = new Int32Array(0);

export interface Prepared {
  task: string;
  vocabulary: string[];
  /** Each transcript's word ids as ROVER takes them (an empty transcript is [0], the word ""). */
  network: Int32Array[];
  /** The same without the empty word: what edit distances count. */
  words: Int32Array[];
  /** Each transcript's annotator as an id of `annotatorIds` (empty when no map is given). */
  annotators: Int32Array;
}

/**
 * The tasks' transcripts as word ids; with `annotatorIds`, their annotators too (ids given in order
 * of first appearance).
 */
export function prepare(
  tasks: readonly TaskResponses[],
  annotatorIds?: Map<string, number>,
): Prepared[] {
  // One vocabulary for the whole file.
  const vocabulary = new Vocabulary();
  return tasks.map((t) => {
    const transcripts = t.texts.map((text) => vocabulary.row(tokensOf(text)));
    const annotators = annotatorIds === undefined ? EMPTY : new Int32Array(t.texts.length);
    if (annotatorIds !== undefined) {
      for (let k = 0; k < annotators.length; k++) {
        const name = t.annotators[k] ?? "";
        let id = annotatorIds.get(name);
        if (id === undefined) {
          id = annotatorIds.size;
          annotatorIds.set(name, id);
        }
        annotators[k] = id;
      }
    }
    const words = transcripts.map((h) => (h.length === 1 && h[0] === 0 ? EMPTY : h));
    return { task: t.task, vocabulary: vocabulary.words, network: transcripts, words, annotators };
  });
}

/** A consensus's words joined by one space. */
export function consensusText(p: Prepared, ids: Int32Array): string {
  let out = "";
  for (let i = 0; i < ids.length; i++) {
    out +=
      i === 0 ? (p.vocabulary[ids[i] as number] as string) : ` ${p.vocabulary[ids[i] as number]}`;
  }
  return out;
}

/** ROVER's consensus of each recording, in the order given (the spec's ROVER, unweighted). */
export function roverTasks(tasks: readonly TaskResponses[]): AggregatedTask[] {
  return prepare(tasks).map((p) => ({
    task: p.task,
    output: consensusText(p, roverIds(p.network, p.vocabulary)),
    transcripts: p.network.length,
  }));
}
