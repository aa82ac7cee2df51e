// The words for the import worker's progress: "Reading…", "Checking 3 files…",
// "Writing 250,000 records… 120,000 written".
import type { ImportProgress } from "./importClient.ts";

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

export function progressText(p: ImportProgress): string {
  switch (p.stage) {
    case "reading":
      return "Reading…";
    case "checking":
      return p.total === undefined ? "Checking…" : `Checking ${plural(p.total, "file")}…`;
    case "comparing":
      return p.total === undefined || p.total === 1
        ? "Comparing with the stored study…"
        : `Comparing with ${count(p.total)} stored studies…`;
    case "writing": {
      const head = p.total === undefined ? "Writing…" : `Writing ${plural(p.total, "record")}…`;
      return p.done && p.total && p.done < p.total ? `${head} ${count(p.done)} written` : head;
    }
  }
}
