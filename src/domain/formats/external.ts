// Annotations read from other tools' files (Praat TextGrid, Audacity labels, ELAN .eaf, Label
// Studio JSON), before they become interchange records. Every reader of another tool's format
// turns a file into `ExternalDocument`s; one converter (beside this file) matches them to a
// study's clips by file name and turns tiers into annotators, intervals into regions and
// labels into reason labels, so every format follows the same rules and gives the same
// messages.

/** The formats we read besides our own interchange JSON. */
export type ExternalFormat = "textgrid" | "audacity" | "eaf" | "label-studio";

/** One marked stretch of time, as the tool wrote it. */
export interface ExternalInterval {
  /** Seconds from the start of the clip. */
  start: number;
  end: number;
  /** The label text as written (trimmed); "" when the tool wrote none. */
  text: string;
  /** Where it stands in the file, for messages: "line 12", "tiers[2].intervals[3]", … */
  where: string;
}

/** One annotator's (or one tier's) spans on one clip. */
export interface ExternalTier {
  /** The tier's name as written (an annotator id for our own exports). */
  name: string;
  intervals: ExternalInterval[];
}

/** What one file says about one clip (a Label Studio export gives one per task). */
export interface ExternalDocument {
  format: ExternalFormat;
  /** The file it came from, for messages. */
  fileName: string;
  /**
   * The audio file the annotations belong to, as the file names it (a Label Studio task's
   * audio URL's last segment, an .eaf's MEDIA_DESCRIPTOR) or, when the format names none
   * (TextGrid, Audacity), the annotation file's own name; matched to a clip's `name` by stem.
   */
  clipName: string;
  tiers: ExternalTier[];
}

/** A problem that makes a file unreadable; `where` as in ExternalInterval. */
export class ExternalFormatError extends Error {
  constructor(
    readonly fileName: string,
    readonly where: string,
    message: string,
  ) {
    super(`${fileName}: ${where ? `${where}: ` : ""}${message}`);
    this.name = "ExternalFormatError";
  }
}
