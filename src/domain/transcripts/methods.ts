// The aggregation methods' names (docs/transcripts.md), apart from their code: the command line
// checks `--method` before it loads the method it runs.

export const AGGREGATION_METHODS = ["reliability", "rover"] as const;
export type AggregationMethod = (typeof AGGREGATION_METHODS)[number];
export const DEFAULT_METHOD: AggregationMethod = "reliability";
