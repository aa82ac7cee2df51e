;; The passes over the clips of a study without marks (a listening or transcription test: no
;; region anywhere), where each clip's annotators are all the pass needs: the span pass's sums
;; (clipPass.ts's passOverClips) and the consensus's vote patterns (consensus.ts's
;; consensusFromTables), which keep the same loops in JavaScript for every other study and where
;; this can't run. `npm run build:wasm` assembles this file into unmarkedWasm.ts
;; (tests/unit/wasm.test.ts checks the two agree).
;;
;; Arrays are at byte offsets the caller chooses: the submissions grouped by clip (clip c's are
;; entries sOffsets[c] .. sOffsets[c + 1] - 1 of sOrder, each the index of a submission whose
;; annotator is sAnn[index]); i32, f64 and u8 arrays as named. Sums of integers are taken in
;; f64 where the JavaScript keeps them in numbers (exact either way), and the one sum of
;; fractions (the clips' durations) in the same order, so the figures are the same to the bit.
(module
  (memory (export "memory") 1)

  ;; The clip's annotators (of the submissions lo .. hi - 1; with crowd != 0, only those with
  ;; crowd[a] = 1), each once, into slotAnn[0 ..]; slotOf[a] (-1 for an annotator not yet
  ;; seen) marks each one taken. Returns how many; the caller sets their slotOf back to -1.
  (func $gather
    (param $lo i32) (param $hi i32) (param $sOrder i32) (param $sAnn i32) (param $crowd i32)
    (param $slotOf i32) (param $slotAnn i32) (result i32)
    (local $j i32) (local $a i32) (local $at i32) (local $m i32)
    (local.set $j (local.get $lo))
    (block $done
      (loop $submission
        (br_if $done (i32.ge_s (local.get $j) (local.get $hi)))
        (local.set $a
          (i32.load
            (i32.add
              (local.get $sAnn)
              (i32.shl
                (i32.load (i32.add (local.get $sOrder) (i32.shl (local.get $j) (i32.const 2))))
                (i32.const 2)))))
        (local.set $at (i32.add (local.get $slotOf) (i32.shl (local.get $a) (i32.const 2))))
        (if (i32.and
              (i32.lt_s (i32.load (local.get $at)) (i32.const 0))
              (i32.or
                (i32.eqz (local.get $crowd))
                (i32.load8_u (i32.add (local.get $crowd) (local.get $a)))))
          (then
            (i32.store (local.get $at) (local.get $m))
            (i32.store (i32.add (local.get $slotAnn) (i32.shl (local.get $m) (i32.const 2))) (local.get $a))
            (local.set $m (i32.add (local.get $m) (i32.const 1)))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $submission)))
    (local.get $m)
  )

  ;; Sorts the m i32s at `at` ascending, by insertion (sortFew.ts's sortFewAscending).
  (func $sort (param $at i32) (param $m i32)
    (local $i i32) (local $k i32) (local $v i32) (local $w i32)
    (local.set $i (i32.const 1))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $m)))
        (local.set $v (i32.load (i32.add (local.get $at) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $k (i32.sub (local.get $i) (i32.const 1)))
        (block $placed
          (loop $shift
            (br_if $placed (i32.lt_s (local.get $k) (i32.const 0)))
            (local.set $w (i32.load (i32.add (local.get $at) (i32.shl (local.get $k) (i32.const 2)))))
            (br_if $placed (i32.le_s (local.get $w) (local.get $v)))
            (i32.store (i32.add (local.get $at) (i32.shl (i32.add (local.get $k) (i32.const 1)) (i32.const 2)))
              (local.get $w))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br $shift)))
        (i32.store (i32.add (local.get $at) (i32.shl (i32.add (local.get $k) (i32.const 1)) (i32.const 2)))
          (local.get $v))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
  )

  ;; Sets slotOf back to -1 for the m annotators at slotAnn.
  (func $release (param $slotOf i32) (param $slotAnn i32) (param $m i32)
    (local $i i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $m)))
        (i32.store
          (i32.add
            (local.get $slotOf)
            (i32.shl (i32.load (i32.add (local.get $slotAnn) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 2)))
          (i32.const -1))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
  )

  ;; pass(C, clipBins, sOffsets, sOrder, sAnn, isReference, duration, clipScore, scoreCount,
  ;; scoreSum, rowAt, slotOf, slotAnn, annotations, referenceBins, clipAnnotated, pairClips,
  ;; pairBins, lengths, scores, out): the span pass over C clips without regions. Per clip with
  ;; annotators (its K bins, its m annotators ascending): annotated, its duration summed, each
  ;; annotator's annotations counted and, on a reference clip, its K bins; with m >= 2 its bins
  ;; counted (multiBins), each pair a < b its clip and K bins (at rowAt[a] + b), alpha's
  ;; values m · K (when K > 0), its kappa undefined; its score (clipScore, NaN for none, else
  ;; the mean of its submissions' scores) a score–length point of length 0. The sums go to out
  ;; as f64: annotated clips, annotations, duration sum, multiBins, clips of undefined kappa,
  ;; alpha's values, points. slotOf holds -1 for every annotator and does again after.
  (func (export "pass")
    (param $C i32) (param $clipBins i32) (param $sOffsets i32) (param $sOrder i32) (param $sAnn i32)
    (param $isReference i32) (param $duration i32) (param $clipScore i32) (param $scoreCount i32)
    (param $scoreSum i32) (param $rowAt i32) (param $slotOf i32) (param $slotAnn i32)
    (param $annotations i32) (param $referenceBins i32) (param $clipAnnotated i32)
    (param $pairClips i32) (param $pairBins i32) (param $lengths i32) (param $scores i32) (param $out i32)
    (local $c i32) (local $K i32) (local $Kf f64) (local $m i32) (local $i i32) (local $j i32)
    (local $a i32) (local $row i32) (local $at i32) (local $n i32) (local $score f64)
    (local $annotated i32) (local $annots i32) (local $durationSum f64) (local $multiBins f64)
    (local $undefinedClips i32) (local $alphaValues f64) (local $points i32)
    (block $done
      (loop $clip
        (br_if $done (i32.ge_s (local.get $c) (local.get $C)))
        (local.set $m
          (call $gather
            (i32.load (i32.add (local.get $sOffsets) (i32.shl (local.get $c) (i32.const 2))))
            (i32.load (i32.add (local.get $sOffsets) (i32.shl (i32.add (local.get $c) (i32.const 1)) (i32.const 2))))
            (local.get $sOrder) (local.get $sAnn) (i32.const 0) (local.get $slotOf) (local.get $slotAnn)))
        (if (i32.gt_s (local.get $m) (i32.const 0))
          (then
            (call $sort (local.get $slotAnn) (local.get $m))
            (local.set $K (i32.load (i32.add (local.get $clipBins) (i32.shl (local.get $c) (i32.const 2)))))
            (local.set $Kf (f64.convert_i32_s (local.get $K)))
            (i32.store8 (i32.add (local.get $clipAnnotated) (local.get $c)) (i32.const 1))
            (local.set $annotated (i32.add (local.get $annotated) (i32.const 1)))
            (local.set $annots (i32.add (local.get $annots) (local.get $m)))
            (local.set $durationSum
              (f64.add (local.get $durationSum)
                (f64.load (i32.add (local.get $duration) (i32.shl (local.get $c) (i32.const 3))))))
            ;; Each annotator's annotations, and its bins on a reference clip.
            (local.set $i (i32.const 0))
            (block $counted
              (loop $annotator
                (br_if $counted (i32.ge_s (local.get $i) (local.get $m)))
                (local.set $a (i32.load (i32.add (local.get $slotAnn) (i32.shl (local.get $i) (i32.const 2)))))
                (local.set $at (i32.add (local.get $annotations) (i32.shl (local.get $a) (i32.const 2))))
                (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
                (if (i32.load8_u (i32.add (local.get $isReference) (local.get $c)))
                  (then
                    (local.set $at (i32.add (local.get $referenceBins) (i32.shl (local.get $a) (i32.const 3))))
                    (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $Kf)))))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $annotator)))
            (if (i32.ge_s (local.get $m) (i32.const 2))
              (then
                (local.set $multiBins (f64.add (local.get $multiBins) (local.get $Kf)))
                ;; Every pair a < b of the clip's annotators: one clip and K bins more.
                (local.set $i (i32.const 0))
                (block $pairsDone
                  (loop $first
                    (br_if $pairsDone (i32.ge_s (local.get $i) (local.get $m)))
                    (local.set $row
                      (i32.load
                        (i32.add
                          (local.get $rowAt)
                          (i32.shl
                            (i32.load (i32.add (local.get $slotAnn) (i32.shl (local.get $i) (i32.const 2))))
                            (i32.const 2)))))
                    (local.set $j (i32.add (local.get $i) (i32.const 1)))
                    (block $secondDone
                      (loop $second
                        (br_if $secondDone (i32.ge_s (local.get $j) (local.get $m)))
                        (local.set $n
                          (i32.add (local.get $row)
                            (i32.load (i32.add (local.get $slotAnn) (i32.shl (local.get $j) (i32.const 2))))))
                        (local.set $at (i32.add (local.get $pairClips) (i32.shl (local.get $n) (i32.const 2))))
                        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
                        (local.set $at (i32.add (local.get $pairBins) (i32.shl (local.get $n) (i32.const 3))))
                        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $Kf)))
                        (local.set $j (i32.add (local.get $j) (i32.const 1)))
                        (br $second)))
                    (local.set $i (i32.add (local.get $i) (i32.const 1)))
                    (br $first)))
                (if (i32.ne (local.get $K) (i32.const 0))
                  (then
                    (local.set $alphaValues
                      (f64.add (local.get $alphaValues)
                        (f64.mul (f64.convert_i32_s (local.get $m)) (local.get $Kf))))))
                (local.set $undefinedClips (i32.add (local.get $undefinedClips) (i32.const 1)))))
            ;; The clip's score: its own, else the mean of its submissions' scores.
            (local.set $score (f64.load (i32.add (local.get $clipScore) (i32.shl (local.get $c) (i32.const 3)))))
            (if (f64.ne (local.get $score) (local.get $score))
              (then
                (local.set $n (i32.load (i32.add (local.get $scoreCount) (i32.shl (local.get $c) (i32.const 2)))))
                (if (i32.gt_s (local.get $n) (i32.const 0))
                  (then
                    (local.set $score
                      (f64.div
                        (f64.load (i32.add (local.get $scoreSum) (i32.shl (local.get $c) (i32.const 3))))
                        (f64.convert_i32_s (local.get $n))))))))
            (if (f64.eq (local.get $score) (local.get $score))
              (then
                (f64.store (i32.add (local.get $lengths) (i32.shl (local.get $points) (i32.const 3))) (f64.const 0))
                (f64.store (i32.add (local.get $scores) (i32.shl (local.get $points) (i32.const 3))) (local.get $score))
                (local.set $points (i32.add (local.get $points) (i32.const 1)))))
            (call $release (local.get $slotOf) (local.get $slotAnn) (local.get $m))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $clip)))
    (f64.store (local.get $out) (f64.convert_i32_s (local.get $annotated)))
    (f64.store (i32.add (local.get $out) (i32.const 8)) (f64.convert_i32_s (local.get $annots)))
    (f64.store (i32.add (local.get $out) (i32.const 16)) (local.get $durationSum))
    (f64.store (i32.add (local.get $out) (i32.const 24)) (local.get $multiBins))
    (f64.store (i32.add (local.get $out) (i32.const 32)) (f64.convert_i32_s (local.get $undefinedClips)))
    (f64.store (i32.add (local.get $out) (i32.const 40)) (local.get $alphaValues))
    (f64.store (i32.add (local.get $out) (i32.const 48)) (f64.convert_i32_s (local.get $points)))
  )

  ;; patterns(C, clipBins, sOffsets, sOrder, sAnn, crowd, slotOf, ids, annotations, table, mask,
  ;; offset, voter, weight, out) -> P: the consensus's vote patterns over C clips without regions.
  ;; Per clip with bins (K) and two or more crowd annotators (ascending in ids): each one's
  ;; annotations counted, and its K bins, every vote 0, added to the pattern of its annotators
  ;; (the first clip of those annotators makes it: pattern i's are voter[offset[i] ..
  ;; offset[i + 1] - 1], weight[i] its bins). Patterns are found by a hash of their annotators in
  ;; `table` (mask + 1 slots of pattern + 1, zeroed; mask + 1 a power of two, at least twice the
  ;; clips). out gets the bins and the clips counted, and the votes, as f64.
  (func (export "patterns")
    (param $C i32) (param $clipBins i32) (param $sOffsets i32) (param $sOrder i32) (param $sAnn i32)
    (param $crowd i32) (param $slotOf i32) (param $ids i32) (param $annotations i32)
    (param $table i32) (param $mask i32) (param $offset i32) (param $voter i32) (param $weight i32)
    (param $out i32) (result i32)
    (local $c i32) (local $K i32) (local $n i32) (local $i i32) (local $a i32) (local $at i32)
    (local $h i32) (local $slot i32) (local $id i32) (local $from i32) (local $same i32)
    (local $P i32) (local $E i32) (local $totalBins f64) (local $usedClips i32)
    (i32.store (local.get $offset) (i32.const 0))
    (block $done
      (loop $clip
        (br_if $done (i32.ge_s (local.get $c) (local.get $C)))
        (local.set $K (i32.load (i32.add (local.get $clipBins) (i32.shl (local.get $c) (i32.const 2)))))
        (block $skip
          (br_if $skip (i32.eqz (local.get $K)))
          (local.set $n
            (call $gather
              (i32.load (i32.add (local.get $sOffsets) (i32.shl (local.get $c) (i32.const 2))))
              (i32.load (i32.add (local.get $sOffsets) (i32.shl (i32.add (local.get $c) (i32.const 1)) (i32.const 2))))
              (local.get $sOrder) (local.get $sAnn) (local.get $crowd) (local.get $slotOf) (local.get $ids)))
          (call $release (local.get $slotOf) (local.get $ids) (local.get $n))
          (br_if $skip (i32.lt_s (local.get $n) (i32.const 2)))
          (call $sort (local.get $ids) (local.get $n))
          ;; Each annotator's annotations, and the hash of the clip's annotators (FNV-1a).
          (local.set $h (i32.const -2128831035))
          (local.set $i (i32.const 0))
          (block $counted
            (loop $annotator
              (br_if $counted (i32.ge_s (local.get $i) (local.get $n)))
              (local.set $a (i32.load (i32.add (local.get $ids) (i32.shl (local.get $i) (i32.const 2)))))
              (local.set $at (i32.add (local.get $annotations) (i32.shl (local.get $a) (i32.const 2))))
              (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
              (local.set $h (i32.mul (i32.xor (local.get $h) (local.get $a)) (i32.const 16777619)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $annotator)))
          ;; The pattern of these annotators: the first slot holding it, or an empty one.
          (local.set $slot (i32.and (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))) (local.get $mask)))
          (block $found
            (loop $probe
              (local.set $id (i32.load (i32.add (local.get $table) (i32.shl (local.get $slot) (i32.const 2)))))
              (if (i32.eqz (local.get $id))
                (then
                  ;; A new pattern, its annotators' votes all 0.
                  (local.set $id (local.get $P))
                  (i32.store (i32.add (local.get $table) (i32.shl (local.get $slot) (i32.const 2)))
                    (i32.add (local.get $P) (i32.const 1)))
                  (memory.copy
                    (i32.add (local.get $voter) (i32.shl (local.get $E) (i32.const 2)))
                    (local.get $ids)
                    (i32.shl (local.get $n) (i32.const 2)))
                  (local.set $E (i32.add (local.get $E) (local.get $n)))
                  (local.set $P (i32.add (local.get $P) (i32.const 1)))
                  (i32.store (i32.add (local.get $offset) (i32.shl (local.get $P) (i32.const 2))) (local.get $E))
                  (f64.store (i32.add (local.get $weight) (i32.shl (local.get $id) (i32.const 3))) (f64.const 0))
                  (br $found)))
              (local.set $id (i32.sub (local.get $id) (i32.const 1)))
              (local.set $from (i32.load (i32.add (local.get $offset) (i32.shl (local.get $id) (i32.const 2)))))
              ;; The same annotators: as many, and each the same.
              (local.set $same
                (i32.eq
                  (i32.sub
                    (i32.load (i32.add (local.get $offset) (i32.shl (i32.add (local.get $id) (i32.const 1)) (i32.const 2))))
                    (local.get $from))
                  (local.get $n)))
              (local.set $i (i32.const 0))
              (block $compared
                (loop $compare
                  (br_if $compared (i32.or (i32.eqz (local.get $same)) (i32.ge_s (local.get $i) (local.get $n))))
                  (local.set $same
                    (i32.eq
                      (i32.load (i32.add (local.get $voter) (i32.shl (i32.add (local.get $from) (local.get $i)) (i32.const 2))))
                      (i32.load (i32.add (local.get $ids) (i32.shl (local.get $i) (i32.const 2))))))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br $compare)))
              (br_if $found (local.get $same))
              (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
              (br $probe)))
          (local.set $at (i32.add (local.get $weight) (i32.shl (local.get $id) (i32.const 3))))
          (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.convert_i32_s (local.get $K))))
          (local.set $totalBins (f64.add (local.get $totalBins) (f64.convert_i32_s (local.get $K))))
          (local.set $usedClips (i32.add (local.get $usedClips) (i32.const 1))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $clip)))
    (f64.store (local.get $out) (local.get $totalBins))
    (f64.store (i32.add (local.get $out) (i32.const 8)) (f64.convert_i32_s (local.get $usedClips)))
    (f64.store (i32.add (local.get $out) (i32.const 16)) (f64.convert_i32_s (local.get $E)))
    (local.get $P)
  )
)
