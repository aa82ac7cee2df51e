# Praat reference for the pitch tracker: To Pitch (time step 0.01 s, floor 75 Hz, ceiling 600 Hz)
# on every WAV in DIR, one line per frame: file, frame time, F0 in Hz (0 = unvoiced).
# Run through scripts/golden/praat-pitch.sh, which writes tests/golden/praat-pitch.json.
form Pitch
  sentence dir /work/main/public/audio/
  sentence out /tmp/pr/praat.tsv
endform
deleteFile: out$
list = Create Strings as file list: "list", dir$ + "*.wav"
n = Get number of strings
for i to n
  selectObject: list
  name$ = Get string: i
  snd = Read from file: dir$ + name$
  p = To Pitch: 0.01, 75, 600
  nf = Get number of frames
  for k to nf
    t = Get time from frame number: k
    f = Get value in frame: k, "Hertz"
    if f = undefined
      f = 0
    endif
    appendFileLine: out$, name$, tab$, fixed$(t, 6), tab$, fixed$(f, 3)
  endfor
  removeObject: snd, p
endfor
