// The command line's help text, on its own and free of imports: `redpen --help` prints it
// without loading any command's code (src/cli/main.ts), so it starts as fast as Node itself.

export const USAGE = `Usage: redpen <command> [options]
   (from the project: npm run --silent cli -- <command> [options])

Commands:
  new STUDY.json --audio DIR [--meta clips.csv] [--name NAME] [--id ID] [--task T]
          [--settings SETTINGS.json] [setting flags] [--force]
                                       a study from a folder of WAV files and the clip CSV
                                       (name,system,sentence,score,isReference,text), with any
                                       study setting (redpen new --help lists the flags)
  validate FILE                        check a RedPen interchange file (.json)
  stats FILE [--json] [--bin SECONDS] [--apply-rules]
                                       dataset, agreement, score–length and error-type statistics
  compare A.json B.json … [--label NAME …] [--json | --latex | --csv]
  compare STUDY.json --by platform|arm|screening:TEST|FIELD [--json | --latex | --csv]
                                       the MOS of several conditions side by side (Chiang et
                                       al.'s tables): studies, or one study's listener groups
  report FILE [--latex] [--bin SECONDS]
                                       the listening test's protocol report (methods section),
                                       Markdown, or LaTeX with --latex
  publish STUDY.json --audio DIR --server URL [--token T] [--clips-per-participant K]
          [--ratings-per-clip R] [--completion-code CODE] [--completion-url URL]
          [--screened-out-code CODE] [--screened-out-url URL] [--consent-file FILE]
          [--language TAG] [--texts FILE.json] [--links prolific|generic|both] [--yes]
                                       publish a study to a collection server; prints the links
                                       (--language: the participant's pages' language, BCP 47;
                                       --texts: the study's own wording of them, a texts file;
                                       --links: Prolific's, generic ?participant= ones or both;
                                       a Prolific study takes Prolific's only unless told).
                                       Again: settings not given keep their published values;
                                       what would change is printed, and applied with --yes
  texts --language TAG [STUDY.json]    a language's catalogue of the participant's pages (with
                                       the study's own texts over it) as JSON, for a translator
  features CLIP.wav [--json]           the clip's F0 (pitch) and energy, frame by frame (with --json:
                                       { hop, f0: [Hz or null per frame], energyDb: [...] },
                                       frame k centred at k * hop seconds); without --json, a summary
  collect STUDY_ID --server URL [--token T] [--anonymise]
                                       everything the server collected, as an interchange file
                                       (--anonymise: platform ids replaced by P001, P002 …)
  withdraw STUDY_ID --participant PLATFORM_ID --server URL [--token T] [--platform prolific|link]
                                       delete a participant's arrival, intake answers, clips and
                                       spans from the server; prints what was deleted
  import FILES... --into STUDY.json --out NEW.json [--incoming] [--remove-missing]
         [--role asr --engine "NAME MODEL"]
                                       merge RedPen JSON files, Praat TextGrids, Audacity labels,
                                       ELAN .eaf files, Label Studio exports or transcripts CSVs
                                       (clip,annotator,transcript) into the study
  import FILES... --model NAME [--hop SECONDS] --into STUDY.json --out NEW.json
                                       a model's saliency: a CSV of frames (clip,time,value or
                                       clip,start,end,value) or one NumPy .npy array per clip
  asr STUDY.json --audio DIR --command 'TEMPLATE' --annotator ID --out NEW.json [--engine E]
                                       run a local recogniser per clip ({wav} in TEMPLATE; its
                                       standard output is the transcript) as annotator ID (asr)
  export STUDY.json --format FORMAT --out DIR [--force]
                                       the study page's exports (json, csv, audacity, textgrid,
                                       eaf, bins, consensus, trn, zip) written into DIR
  aggregate RESPONSES.csv|STUDY.json [--method reliability|rover] [--out OUT.csv] [--annotators A.csv]
                                       merge each recording's (or clip's) crowd transcripts into one text
  wer --ref GT.csv --hyp PRED.csv [--json] [--per-task OUT.csv]
                                       AWAcc and pooled WER of aggregated texts against true ones

Options:
  --json          print the report object as JSON (docs/spec/statistics.md) and nothing else
  --latex         (report) write LaTeX (booktabs tables) instead of Markdown; (compare) the
                  conditions' table as LaTeX
  --csv           (compare) one row per condition and system
  --label NAME    (compare) a study's condition label, one per study in the order given
  --by FIELD      (compare) one study's listener groups: platform, arm, screening:TEST or an
                  intake field
  --apply-rules   (stats) leave out the raters the study's quality rules exclude (report always does)
  --bin SECONDS   bin width for the agreement figures, instead of the study's binSeconds
  -h, --help      show this help

Exit codes: 0 done (valid), 2 bad arguments or a file that is missing, unreadable or breaks
the format's rules (one line per problem on stderr: FILE: JSON.path: message), 1 internal error.
`;
