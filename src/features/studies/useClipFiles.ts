// The audio files (and optional metadata CSV) chosen for new clips, shared by "New study" and
// "Add clips": the list, its decoding, refused names, and the CSV matched to the files.
import { useMemo, useState } from "react";
import { type CsvClipRow, matchClipCsv, parseClipCsv } from "../../domain/clips/clipCsv.ts";
import { type AudioItem, addFiles, decodePending } from "./audioFiles.ts";

export type DecodedItem = Extract<AudioItem, { status: "ok" }>;

export interface ClipFiles {
  items: readonly AudioItem[];
  refused: readonly string[];
  csv: { name: string; rows: CsvClipRow[]; errors: string[] } | undefined;
  match: ReturnType<typeof matchClipCsv> | undefined;
  /** Files still being decoded. */
  pending: number;
  /** Files that decoded, in the order they were chosen. */
  decodable: readonly DecodedItem[];
  addFiles: (files: File[]) => void;
  remove: (key: string) => void;
  chooseCsv: (file: File) => Promise<void>;
  clearCsv: () => void;
}

/**
 * `inStudy`: when adding to a study, the file names of its clips (refused when chosen again)
 * and of those among them that have no audio yet.
 */
export function useClipFiles(inStudy?: {
  names: ReadonlySet<string>;
  withoutAudio?: ReadonlySet<string>;
}): ClipFiles {
  const [items, setItems] = useState<AudioItem[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [csv, setCsv] = useState<ClipFiles["csv"]>();

  const pending = items.filter((i) => i.status === "pending").length;
  const decodable = useMemo(
    () => items.filter((i): i is DecodedItem => i.status === "ok"),
    [items],
  );
  const match = useMemo(
    () =>
      csv
        ? matchClipCsv(
            csv.rows,
            decodable.map((i) => i.file.name),
          )
        : undefined,
    [csv, decodable],
  );

  return {
    items,
    refused,
    csv,
    match,
    pending,
    decodable,
    addFiles: (files) => {
      const added = addFiles(items, files, inStudy);
      setRefused(added.refused);
      setItems((prev) => [...prev, ...added.items]);
      void decodePending(added.items, (result) =>
        setItems((prev) => prev.map((i) => (i.key === result.key ? result : i))),
      );
    },
    remove: (key) => setItems((prev) => prev.filter((i) => i.key !== key)),
    chooseCsv: async (file) => {
      const parsed = parseClipCsv(await file.text());
      setCsv({ name: file.name, ...parsed });
    },
    clearCsv: () => setCsv(undefined),
  };
}

/** The problems that keep these files from being stored, by field; none when they are ready. */
export function clipFilesProblems(f: ClipFiles): { files?: string; csv?: string } {
  const found: { files?: string; csv?: string } = {};
  if (f.pending > 0) found.files = "Wait until every file is decoded.";
  else if (f.decodable.length === 0) {
    found.files = "Add at least one audio file that this browser can decode.";
  }
  if (f.csv && f.csv.errors.length > 0) found.csv = "Fix the CSV problems, or remove the CSV.";
  return found;
}
