// RedPen's filter of crowd annotators: the reference clips are natural (human) recordings, so
// an annotator who marks much of them as unnatural is not doing the task. One threshold for the
// analysis screen's flag (features/analysis/quality.ts, over bins) and the live check of the
// study page's collection panel (over seconds, as the server reports them).

/** Share of the reference audio marked above which a crowd annotator is flagged. */
export const REFERENCE_FLAG_THRESHOLD = 0.2;
