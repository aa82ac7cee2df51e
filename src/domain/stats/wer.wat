;; Listeners' transcripts scored against their clips' texts (intelligibility.ts, "scoreListeners"),
;; for a study whose transcripts and normalised texts are all ASCII: each transcript's words as
;; normalise.ts's wordsOf takes them, and its substitutions, deletions and insertions as
;; align.ts's errorCounts splits the Levenshtein distance (the same walk back through the same
;; cost table). `npm run build:wasm` assembles this file into werWasm.ts (tests/unit/wasm.test.ts
;; checks the two agree); tests compare the two scorings on generated and real transcripts.
;;
;; For ASCII text, wordsOf's words are the runs of A–Z, a–z, 0–9 and ' (lower-cased): NFC leaves
;; ASCII as it is, and every other ASCII character (space, punctuation, control) separates.
;;
;; Words are found with a table of the 256 byte values (bytes 0–255 of the memory: a word byte
;; lower-cased, else 0), lower-cased in place, and hashed (FNV-1a), so that two words are
;; compared by their hashes first and their bytes only when those are equal.
;;
;; refs(refs, refStarts, clips, clipWords, refWords), once, then
;; score(text, starts, order, from, to, clipOf, errors, subs, dels, ins, clipWords, hypWords,
;;       longest, table)
;; for each run of transcripts, the transcripts order[from] … order[to - 1] (a system's: the
;; caller hands each system's sums on as soon as they are known):
;;   refs: each clip's normalised words joined by spaces, clip c at [refStarts[c],
;;   refStarts[c+1]); clipWords: clips + 1 i32s (each clip's first word in refWords); refWords:
;;   room for every word of the clips' texts as i32 triples (start, length, hash) in three
;;   arrays of refs' bytes + 1 each;
;;   text: the transcripts' bytes, transcript t at [starts[t], starts[t+1]); clipOf[t]:
;;   transcript t's clip; errors, subs, dels, ins: an i32 per transcript, written at t; order:
;;   i32 transcript numbers; hypWords: room for the words of the longest transcript (longest:
;;   its bytes, which the caller knows), as refWords; table: room for (ref words + 1) ·
;;   (transcript words + 1) i32s of the largest pair.
;;
;; sums(order, from, to, stimulus, listener, refTokens, errors, subs, dels, ins, seen, k,
;;      stimulusErrors, stimulusTokens, wer, wers, out) -> stimuli
;; after a run is scored (intelligibility.ts's scoreListeners and systemTotals, which keep the
;; same loops in JavaScript): the run's per-stimulus sums of errors and reference tokens (f64s,
;; one per run of equal stimulus[t] in order), each transcript's WER (errors / reference
;; tokens) at wer + 8t and at wers + 8 · (its position - from), and the run's sums of
;; reference tokens, errors, substitutions, deletions and insertions and its distinct listeners
;; (seen: an i32 per listener, the last run that counted it) as f64s at out. Every sum is of
;; integers; the WERs are the same IEEE divisions.
;; Byte value → the byte lower-cased if it belongs to a word (A–Z, a–z, 0–9, '), else 0.
(module
  (memory (export "memory") 1)
  (data (i32.const 39) "'")
  (data (i32.const 48) "0123456789")
  (data (i32.const 65) "abcdefghijklmnopqrstuvwxyz")
  (data (i32.const 97) "abcdefghijklmnopqrstuvwxyz")
  ;; The words' arrays (start, length, hash): the clips' and the current transcript's.
  (global $rS (mut i32) (i32.const 0))
  (global $rL (mut i32) (i32.const 0))
  (global $rH (mut i32) (i32.const 0))
  (global $hS (mut i32) (i32.const 0))
  (global $hL (mut i32) (i32.const 0))
  (global $hH (mut i32) (i32.const 0))
  ;; The current clip's first word in the clips' arrays (a byte offset: 4 · index).
  (global $rBase (mut i32) (i32.const 0))

  ;; The words of bytes [from, to), lower-cased in place: start, length and hash of word k at
  ;; 4 · k in `starts`, `lens` and `hashes`; their count.
  (func $words (param $from i32) (param $to i32) (param $starts i32) (param $lens i32)
    (param $hashes i32) (result i32)
    (local $k i32) (local $p i32) (local $q i32) (local $c i32) (local $h i32)
    (local.set $p (local.get $from))
    (block $done (loop $next
      ;; Skip what separates words.
      (block $found (loop $skip
        (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
        (br_if $found (i32.load8_u (i32.load8_u (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $skip)))
      (local.set $q (local.get $p))
      (local.set $h (i32.const 0x811c9dc5))
      (block $end (loop $word
        (br_if $end (i32.ge_u (local.get $q) (local.get $to)))
        (local.set $c (i32.load8_u (i32.load8_u (local.get $q))))
        (br_if $end (i32.eqz (local.get $c)))
        (i32.store8 (local.get $q) (local.get $c))
        (local.set $h (i32.mul (i32.xor (local.get $h) (local.get $c)) (i32.const 0x01000193)))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $word)))
      (local.set $c (i32.shl (local.get $k) (i32.const 2)))
      (i32.store (i32.add (local.get $starts) (local.get $c)) (local.get $p))
      (i32.store (i32.add (local.get $lens) (local.get $c)) (i32.sub (local.get $q) (local.get $p)))
      (i32.store (i32.add (local.get $hashes) (local.get $c)) (local.get $h))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (local.set $p (local.get $q))
      (br $next)))
    (local.get $k))

  ;; Whether the clip's word i and the transcript's word j are the same word.
  (func $same (param $i i32) (param $j i32) (result i32)
    (local $p i32) (local $q i32) (local $n i32) (local $k i32)
    (local.set $i (i32.add (global.get $rBase) (i32.shl (local.get $i) (i32.const 2))))
    (local.set $j (i32.shl (local.get $j) (i32.const 2)))
    (if (i32.ne (i32.load (i32.add (global.get $rH) (local.get $i)))
          (i32.load (i32.add (global.get $hH) (local.get $j))))
      (then (return (i32.const 0))))
    (local.set $n (i32.load (i32.add (global.get $rL) (local.get $i))))
    (if (i32.ne (local.get $n) (i32.load (i32.add (global.get $hL) (local.get $j))))
      (then (return (i32.const 0))))
    (local.set $p (i32.load (i32.add (global.get $rS) (local.get $i))))
    (local.set $q (i32.load (i32.add (global.get $hS) (local.get $j))))
    (block $equal (loop $byte
      (br_if $equal (i32.ge_u (local.get $k) (local.get $n)))
      (if (i32.ne
            (i32.load8_u (i32.add (local.get $p) (local.get $k)))
            (i32.load8_u (i32.add (local.get $q) (local.get $k))))
        (then (return (i32.const 0))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $byte)))
    (i32.const 1))

  (func (export "refs")
    (param $refs i32) (param $refStarts i32) (param $clips i32) (param $clipWords i32)
    (param $refWords i32)
    (local $c i32) (local $i i32) (local $at i32) (local $room i32) (local $k i32)
    ;; The clips' words, once: three arrays of refs' bytes + 1 i32s each.
    (local.set $room
      (i32.shl
        (i32.add
          (i32.load (i32.add (local.get $refStarts) (i32.shl (local.get $clips) (i32.const 2))))
          (i32.const 1))
        (i32.const 2)))
    (global.set $rS (local.get $refWords))
    (global.set $rL (i32.add (global.get $rS) (local.get $room)))
    (global.set $rH (i32.add (global.get $rL) (local.get $room)))
    (local.set $k (i32.const 0))
    (local.set $c (i32.const 0))
    (block $done (loop $clip
      (i32.store (i32.add (local.get $clipWords) (i32.shl (local.get $c) (i32.const 2)))
        (local.get $k))
      (br_if $done (i32.ge_u (local.get $c) (local.get $clips)))
      (local.set $at (i32.add (local.get $refStarts) (i32.shl (local.get $c) (i32.const 2))))
      (local.set $i (i32.shl (local.get $k) (i32.const 2)))
      (local.set $k
        (i32.add (local.get $k)
          (call $words
            (i32.add (local.get $refs) (i32.load (local.get $at)))
            (i32.add (local.get $refs) (i32.load offset=4 (local.get $at)))
            (i32.add (global.get $rS) (local.get $i))
            (i32.add (global.get $rL) (local.get $i))
            (i32.add (global.get $rH) (local.get $i)))))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $clip))))

  (func (export "score")
    (param $text i32) (param $starts i32) (param $order i32) (param $from i32) (param $to i32)
    (param $clipOf i32) (param $errors i32) (param $subs i32) (param $dels i32) (param $ins i32)
    (param $clipWords i32) (param $hypWords i32) (param $longest i32) (param $table i32)
    (local $p i32) (local $room i32)
    ;; The transcripts' words go in three arrays of (longest transcript + 1) i32s each.
    (local.set $room (i32.shl (i32.add (local.get $longest) (i32.const 1)) (i32.const 2)))
    (global.set $hS (local.get $hypWords))
    (global.set $hL (i32.add (global.get $hS) (local.get $room)))
    (global.set $hH (i32.add (global.get $hL) (local.get $room)))
    (local.set $p (local.get $from))
    ;; Each transcript in a function of its own (measured a little faster than one long loop).
    (block $done (loop $transcript
      (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
      (call $one (i32.load (i32.add (local.get $order) (i32.shl (local.get $p) (i32.const 2))))
        (local.get $text) (local.get $starts) (local.get $clipOf)
        (local.get $errors) (local.get $subs) (local.get $dels) (local.get $ins)
        (local.get $clipWords) (local.get $table))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $transcript))))

  ;; Transcript t scored into errors, subs, dels and ins.
  (func $one
    (param $t i32) (param $text i32) (param $starts i32) (param $clipOf i32) (param $errors i32)
    (param $subs i32) (param $dels i32) (param $ins i32) (param $clipWords i32) (param $table i32)
    (local $n i32) (local $m i32) (local $p i32) (local $w i32) (local $i i32) (local $j i32)
    (local $row i32) (local $up i32) (local $left i32) (local $diag i32) (local $del i32)
    (local $add i32) (local $here i32) (local $at i32) (local $s i32) (local $d i32) (local $x i32)
    (local.set $at (i32.add (local.get $starts) (i32.shl (local.get $t) (i32.const 2))))
    (local.set $m
      (call $words (i32.add (local.get $text) (i32.load (local.get $at)))
        (i32.add (local.get $text) (i32.load offset=4 (local.get $at)))
        (global.get $hS) (global.get $hL) (global.get $hH)))
    (local.set $at
      (i32.add (local.get $clipWords)
        (i32.shl
          (i32.load (i32.add (local.get $clipOf) (i32.shl (local.get $t) (i32.const 2))))
          (i32.const 2))))
    (global.set $rBase (i32.shl (i32.load (local.get $at)) (i32.const 2)))
    (local.set $n (i32.sub (i32.load offset=4 (local.get $at)) (i32.load (local.get $at))))
    ;; The common suffix, then the common prefix of what is left (errorCounts).
    (block $end (loop $suffix
      (br_if $end (i32.or (i32.eqz (local.get $n)) (i32.eqz (local.get $m))))
      (br_if $end (i32.eqz (call $same
        (i32.sub (local.get $n) (i32.const 1)) (i32.sub (local.get $m) (i32.const 1)))))
      (local.set $n (i32.sub (local.get $n) (i32.const 1)))
      (local.set $m (i32.sub (local.get $m) (i32.const 1)))
      (br $suffix)))
    (local.set $p (i32.const 0))
    (block $end (loop $prefix
      (br_if $end (i32.ge_u (local.get $p) (local.get $n)))
      (br_if $end (i32.ge_u (local.get $p) (local.get $m)))
      (br_if $end (i32.eqz (call $same (local.get $p) (local.get $p))))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $prefix)))
    (local.set $n (i32.sub (local.get $n) (local.get $p)))
    (local.set $m (i32.sub (local.get $m) (local.get $p)))
    (local.set $w (i32.add (local.get $m) (i32.const 1)))
    ;; The cost table T, (n + 1) × (m + 1), row-major (T[i][j] at i · w + j).
    (local.set $j (i32.const 0))
    (block $end (loop $first
      (br_if $end (i32.gt_u (local.get $j) (local.get $m)))
      (i32.store (i32.add (local.get $table) (i32.shl (local.get $j) (i32.const 2)))
        (local.get $j))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $first)))
    (local.set $i (i32.const 1))
    (block $end (loop $rows
      (br_if $end (i32.gt_u (local.get $i) (local.get $n)))
      (local.set $row (i32.mul (local.get $i) (local.get $w)))
      (local.set $up (i32.sub (local.get $row) (local.get $w)))
      (i32.store (i32.add (local.get $table) (i32.shl (local.get $row) (i32.const 2)))
        (local.get $i))
      (local.set $left (local.get $i))
      (local.set $j (i32.const 1))
      (block $rowDone (loop $cols
        (br_if $rowDone (i32.gt_u (local.get $j) (local.get $m)))
        (local.set $diag
          (i32.add
            (i32.load (i32.add (local.get $table)
              (i32.shl (i32.sub (i32.add (local.get $up) (local.get $j)) (i32.const 1))
                (i32.const 2))))
            (i32.eqz (call $same
              (i32.sub (i32.add (local.get $p) (local.get $i)) (i32.const 1))
              (i32.sub (i32.add (local.get $p) (local.get $j)) (i32.const 1))))))
        (local.set $del
          (i32.add
            (i32.load (i32.add (local.get $table)
              (i32.shl (i32.add (local.get $up) (local.get $j)) (i32.const 2))))
            (i32.const 1)))
        (local.set $add (i32.add (local.get $left) (i32.const 1)))
        (local.set $left
          (if (result i32) (i32.lt_s (local.get $diag) (local.get $del))
            (then (select (local.get $diag) (local.get $add)
              (i32.lt_s (local.get $diag) (local.get $add))))
            (else (select (local.get $del) (local.get $add)
              (i32.lt_s (local.get $del) (local.get $add))))))
        (i32.store (i32.add (local.get $table)
            (i32.shl (i32.add (local.get $row) (local.get $j)) (i32.const 2)))
          (local.get $left))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $cols)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
    ;; The walk back from (n, m): a match, a substitution, a deletion, else an insertion.
    (local.set $s (i32.const 0))
    (local.set $d (i32.const 0))
    (local.set $x (i32.const 0))
    (local.set $i (local.get $n))
    (local.set $j (local.get $m))
    (block $end (loop $walk
      (br_if $end (i32.eqz (i32.or (local.get $i) (local.get $j))))
      (local.set $here
        (i32.load (i32.add (local.get $table)
          (i32.shl (i32.add (i32.mul (local.get $i) (local.get $w)) (local.get $j))
            (i32.const 2)))))
      (if (i32.and (i32.ne (local.get $i) (i32.const 0)) (i32.ne (local.get $j) (i32.const 0)))
        (then
          (local.set $diag
            (i32.load (i32.add (local.get $table)
              (i32.shl
                (i32.add
                  (i32.mul (i32.sub (local.get $i) (i32.const 1)) (local.get $w))
                  (i32.sub (local.get $j) (i32.const 1)))
                (i32.const 2)))))
          (if (i32.eq (local.get $diag) (local.get $here))
            (then
              (if (call $same
                    (i32.sub (i32.add (local.get $p) (local.get $i)) (i32.const 1))
                    (i32.sub (i32.add (local.get $p) (local.get $j)) (i32.const 1)))
                (then
                  (local.set $i (i32.sub (local.get $i) (i32.const 1)))
                  (local.set $j (i32.sub (local.get $j) (i32.const 1)))
                  (br $walk)))))
          (if (i32.eq (i32.add (local.get $diag) (i32.const 1)) (local.get $here))
            (then
              (local.set $s (i32.add (local.get $s) (i32.const 1)))
              (local.set $i (i32.sub (local.get $i) (i32.const 1)))
              (local.set $j (i32.sub (local.get $j) (i32.const 1)))
              (br $walk)))))
      (if (i32.ne (local.get $i) (i32.const 0))
        (then
          (if (i32.eq
                (i32.add
                  (i32.load (i32.add (local.get $table)
                    (i32.shl
                      (i32.add
                        (i32.mul (i32.sub (local.get $i) (i32.const 1)) (local.get $w))
                        (local.get $j))
                      (i32.const 2))))
                  (i32.const 1))
                (local.get $here))
            (then
              (local.set $d (i32.add (local.get $d) (i32.const 1)))
              (local.set $i (i32.sub (local.get $i) (i32.const 1)))
              (br $walk)))))
      (local.set $x (i32.add (local.get $x) (i32.const 1)))
      (local.set $j (i32.sub (local.get $j) (i32.const 1)))
      (br $walk)))
    (local.set $at (i32.shl (local.get $t) (i32.const 2)))
    (i32.store (i32.add (local.get $errors) (local.get $at))
      (i32.add (i32.add (local.get $s) (local.get $d)) (local.get $x)))
    (i32.store (i32.add (local.get $subs) (local.get $at)) (local.get $s))
    (i32.store (i32.add (local.get $dels) (local.get $at)) (local.get $d))
    (i32.store (i32.add (local.get $ins) (local.get $at)) (local.get $x))
  )

  (func (export "sums")
    (param $order i32) (param $from i32) (param $to i32) (param $stimulus i32) (param $listener i32)
    (param $refTokens i32) (param $errors i32) (param $subs i32) (param $dels i32) (param $ins i32)
    (param $seen i32) (param $k i32) (param $stimulusErrors i32) (param $stimulusTokens i32)
    (param $wer i32) (param $wers i32) (param $out i32) (result i32)
    (local $j i32) (local $t i32) (local $m i32) (local $at i32) (local $count i32)
    (local $e i32) (local $n i32) (local $w f64)
    (local $stimulusE f64) (local $stimulusN f64) (local $sumN f64) (local $sumE f64)
    (local $sumS f64) (local $sumD f64) (local $sumI f64) (local $listeners i32)
    (local.set $j (local.get $from))
    (block $done
      (loop $stimulusRun
        (br_if $done (i32.ge_u (local.get $j) (local.get $to)))
        (local.set $m
          (i32.load (i32.add (local.get $stimulus)
            (i32.shl (i32.load (i32.add (local.get $order) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 2)))))
        (local.set $stimulusE (f64.const 0))
        (local.set $stimulusN (f64.const 0))
        (block $runDone
          (loop $transcript
            (br_if $runDone (i32.ge_u (local.get $j) (local.get $to)))
            (local.set $t (i32.load (i32.add (local.get $order) (i32.shl (local.get $j) (i32.const 2)))))
            (local.set $at (i32.shl (local.get $t) (i32.const 2)))
            (br_if $runDone
              (i32.ne (i32.load (i32.add (local.get $stimulus) (local.get $at))) (local.get $m)))
            (local.set $e (i32.load (i32.add (local.get $errors) (local.get $at))))
            (local.set $n (i32.load (i32.add (local.get $refTokens) (local.get $at))))
            (local.set $stimulusE (f64.add (local.get $stimulusE) (f64.convert_i32_s (local.get $e))))
            (local.set $stimulusN (f64.add (local.get $stimulusN) (f64.convert_i32_s (local.get $n))))
            (local.set $sumN (f64.add (local.get $sumN) (f64.convert_i32_s (local.get $n))))
            (local.set $sumE (f64.add (local.get $sumE) (f64.convert_i32_s (local.get $e))))
            (local.set $sumS
              (f64.add (local.get $sumS) (f64.convert_i32_s (i32.load (i32.add (local.get $subs) (local.get $at))))))
            (local.set $sumD
              (f64.add (local.get $sumD) (f64.convert_i32_s (i32.load (i32.add (local.get $dels) (local.get $at))))))
            (local.set $sumI
              (f64.add (local.get $sumI) (f64.convert_i32_s (i32.load (i32.add (local.get $ins) (local.get $at))))))
            (local.set $w (f64.div (f64.convert_i32_s (local.get $e)) (f64.convert_i32_s (local.get $n))))
            (f64.store (i32.add (local.get $wer) (i32.shl (local.get $t) (i32.const 3))) (local.get $w))
            (f64.store (i32.add (local.get $wers) (i32.shl (i32.sub (local.get $j) (local.get $from)) (i32.const 3)))
              (local.get $w))
            ;; A listener counted once per run.
            (local.set $at
              (i32.add (local.get $seen)
                (i32.shl (i32.load (i32.add (local.get $listener) (i32.shl (local.get $t) (i32.const 2)))) (i32.const 2))))
            (if (i32.ne (i32.load (local.get $at)) (local.get $k))
              (then
                (i32.store (local.get $at) (local.get $k))
                (local.set $listeners (i32.add (local.get $listeners) (i32.const 1)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $transcript)))
        (f64.store (i32.add (local.get $stimulusErrors) (i32.shl (local.get $count) (i32.const 3))) (local.get $stimulusE))
        (f64.store (i32.add (local.get $stimulusTokens) (i32.shl (local.get $count) (i32.const 3))) (local.get $stimulusN))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (br $stimulusRun)))
    (f64.store (local.get $out) (local.get $sumN))
    (f64.store offset=8 (local.get $out) (local.get $sumE))
    (f64.store offset=16 (local.get $out) (local.get $sumS))
    (f64.store offset=24 (local.get $out) (local.get $sumD))
    (f64.store offset=32 (local.get $out) (local.get $sumI))
    (f64.store offset=40 (local.get $out) (f64.convert_i32_s (local.get $listeners)))
    (local.get $count))
)
