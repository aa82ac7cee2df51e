// The command line's exit codes (docs/cli.md, "Exit codes"); free of imports, so the entry
// point loads no command's code for them.

/** Exit codes. */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_USAGE = 2;
