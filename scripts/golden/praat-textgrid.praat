# Reads every TextGrid in a folder with Praat and writes what Praat sees, tab-separated:
#   file  tier  class  name  (interval: start end label | point: time mark)
# with "\", a tab and a line break in names and labels written as \\, \t and \n. (Praat
# writes the listing in UTF-16 once a line has a character outside ASCII.)
# The reference the exporter's TextGrid test compares with (tests/golden/praat-textgrid.json).
form Read TextGrids
  sentence folder /tmp/
  sentence out /tmp/praat-textgrids.tsv
endform
deleteFile: out$
list = Create Strings as file list: "files", folder$ + "*.TextGrid"
n = Get number of strings
for f to n
  selectObject: list
  name$ = Get string: f
  tg = Read from file: folder$ + name$
  tiers = Get number of tiers
  for t to tiers
    selectObject: tg
    tier$ = Get tier name: t
    tier$ = replace$ (replace$ (replace$ (tier$, "\", "\\", 0), tab$, "\t", 0), newline$, "\n", 0)
    isInterval = Is interval tier: t
    if isInterval
      k = Get number of intervals: t
      for i to k
        a = Get start time of interval: t, i
        b = Get end time of interval: t, i
        lab$ = Get label of interval: t, i
        lab$ = replace$ (replace$ (replace$ (lab$, "\", "\\", 0), tab$, "\t", 0), newline$, "\n", 0)
        appendFileLine: out$, name$, tab$, t, tab$, "interval", tab$, tier$, tab$, fixed$(a, 6), tab$, fixed$(b, 6), tab$, lab$
      endfor
    else
      k = Get number of points: t
      for i to k
        p = Get time of point: t, i
        lab$ = Get label of point: t, i
        lab$ = replace$ (replace$ (replace$ (lab$, "\", "\\", 0), tab$, "\t", 0), newline$, "\n", 0)
        appendFileLine: out$, name$, tab$, t, tab$, "point", tab$, tier$, tab$, fixed$(p, 6), tab$, "", tab$, lab$
      endfor
    endif
  endfor
  removeObject: tg
endfor
