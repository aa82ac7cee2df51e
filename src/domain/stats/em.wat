;; The Dawid–Skene EM's passes over the vote patterns (docs/spec/statistics.md, "Consensus";
;; consensus.ts's dawidSkene, which keeps the same loops in JavaScript where this can't run).
;; `npm run build:wasm` assembles this file into emWasm.ts (tests/unit/wasm.test.ts checks the two agree).
;;
;; The patterns are in flat arrays at byte offsets the caller chooses: pattern i's votes are
;; entries offset[i] .. offset[i + 1] - 1 of voter (i32: the worker) and voted (u8: 1 = marked);
;; weight and posterior are f64 per pattern; the worker arrays are f64 per worker. Every sum is
;; taken in the same order, with the same IEEE operations, as the JavaScript, and exp and log1p
;; are the JavaScript's own (imported: stdlib's, which every engine rounds alike), so the figures
;; are the same to the bit.
(module
  (import "math" "exp" (func $exp (param f64) (result f64)))
  (import "math" "log1p" (func $log1p (param f64) (result f64)))
  (memory (export "memory") 1)

  ;; start(P, offset, voted, posterior): each pattern's share of marks as its first posterior.
  (func (export "start")
    (param $P i32) (param $offset i32) (param $voted i32) (param $posterior i32)
    (local $i i32) (local $j i32) (local $from i32) (local $to i32) (local $marks i32)
    (block $done
      (loop $pattern
        (br_if $done (i32.ge_u (local.get $i) (local.get $P)))
        (local.set $from (i32.load (i32.add (local.get $offset) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $to
          (i32.load (i32.add (local.get $offset) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))))
        (local.set $marks (i32.const 0))
        (local.set $j (local.get $from))
        (block $votesDone
          (loop $vote
            (br_if $votesDone (i32.ge_u (local.get $j) (local.get $to)))
            (local.set $marks
              (i32.add (local.get $marks) (i32.load8_u (i32.add (local.get $voted) (local.get $j)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $vote)))
        (f64.store
          (i32.add (local.get $posterior) (i32.shl (local.get $i) (i32.const 3)))
          (f64.div
            (f64.convert_i32_u (local.get $marks))
            (f64.convert_i32_u (i32.sub (local.get $to) (local.get $from)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $pattern)))
  )

  ;; mstep(P, offset, voter, voted, weight, posterior, posNum, posDen, negNum, negDen, out):
  ;; the M-step's sums. Each worker's four sums start at 0; per pattern, t = posterior · weight
  ;; goes to posDen (and posNum where the worker marked), f = (1 - posterior) · weight to negDen
  ;; (and negNum where it did not). The total weight and the positive share go to out, out + 8.
  (func (export "mstep")
    (param $P i32) (param $offset i32) (param $voter i32) (param $voted i32) (param $weight i32)
    (param $posterior i32) (param $posNum i32) (param $posDen i32) (param $negNum i32)
    (param $negDen i32) (param $workers i32) (param $out i32)
    (local $i i32) (local $j i32) (local $to i32) (local $w i32) (local $at i32)
    (local $wi f64) (local $p f64) (local $t f64) (local $f f64) (local $total f64) (local $positive f64)
    (memory.fill (local.get $posNum) (i32.const 0) (i32.shl (local.get $workers) (i32.const 3)))
    (memory.fill (local.get $posDen) (i32.const 0) (i32.shl (local.get $workers) (i32.const 3)))
    (memory.fill (local.get $negNum) (i32.const 0) (i32.shl (local.get $workers) (i32.const 3)))
    (memory.fill (local.get $negDen) (i32.const 0) (i32.shl (local.get $workers) (i32.const 3)))
    (block $done
      (loop $pattern
        (br_if $done (i32.ge_u (local.get $i) (local.get $P)))
        (local.set $wi (f64.load (i32.add (local.get $weight) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $p (f64.load (i32.add (local.get $posterior) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $t (f64.mul (local.get $p) (local.get $wi)))
        (local.set $f (f64.mul (f64.sub (f64.const 1) (local.get $p)) (local.get $wi)))
        (local.set $total (f64.add (local.get $total) (local.get $wi)))
        (local.set $positive (f64.add (local.get $positive) (local.get $t)))
        (local.set $j (i32.load (i32.add (local.get $offset) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $to
          (i32.load (i32.add (local.get $offset) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))))
        (block $votesDone
          (loop $vote
            (br_if $votesDone (i32.ge_u (local.get $j) (local.get $to)))
            (local.set $w
              (i32.shl (i32.load (i32.add (local.get $voter) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 3)))
            (local.set $at (i32.add (local.get $posDen) (local.get $w)))
            (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $t)))
            (local.set $at (i32.add (local.get $negDen) (local.get $w)))
            (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $f)))
            (if (i32.load8_u (i32.add (local.get $voted) (local.get $j)))
              (then
                (local.set $at (i32.add (local.get $posNum) (local.get $w)))
                (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $t))))
              (else
                (local.set $at (i32.add (local.get $negNum) (local.get $w)))
                (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $f)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $vote)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $pattern)))
    (f64.store (local.get $out) (local.get $total))
    (f64.store (i32.add (local.get $out) (i32.const 8)) (local.get $positive))
  )

  ;; estep(P, offset, voter, voted, weight, posterior, logSe, log1mSe, logSp, log1mSp,
  ;; logPrior1, logPrior0) -> Σ weight · log-likelihood: per pattern, the log-odds of each class
  ;; from the workers' logs, its posterior 1 / (1 + exp(l0 - l1)), and its weighted
  ;; log-likelihood high + log1p(exp(low - high)).
  (func (export "estep")
    (param $P i32) (param $offset i32) (param $voter i32) (param $voted i32) (param $weight i32)
    (param $posterior i32) (param $logSe i32) (param $log1mSe i32) (param $logSp i32)
    (param $log1mSp i32) (param $logPrior1 f64) (param $logPrior0 f64) (result f64)
    (local $i i32) (local $j i32) (local $to i32) (local $w i32)
    (local $l1 f64) (local $l0 f64) (local $high f64) (local $sum f64)
    (block $done
      (loop $pattern
        (br_if $done (i32.ge_u (local.get $i) (local.get $P)))
        (local.set $l1 (local.get $logPrior1))
        (local.set $l0 (local.get $logPrior0))
        (local.set $j (i32.load (i32.add (local.get $offset) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $to
          (i32.load (i32.add (local.get $offset) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))))
        (block $votesDone
          (loop $vote
            (br_if $votesDone (i32.ge_u (local.get $j) (local.get $to)))
            (local.set $w
              (i32.shl (i32.load (i32.add (local.get $voter) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 3)))
            (if (i32.load8_u (i32.add (local.get $voted) (local.get $j)))
              (then
                (local.set $l1 (f64.add (local.get $l1) (f64.load (i32.add (local.get $logSe) (local.get $w)))))
                (local.set $l0 (f64.add (local.get $l0) (f64.load (i32.add (local.get $log1mSp) (local.get $w))))))
              (else
                (local.set $l1 (f64.add (local.get $l1) (f64.load (i32.add (local.get $log1mSe) (local.get $w)))))
                (local.set $l0 (f64.add (local.get $l0) (f64.load (i32.add (local.get $logSp) (local.get $w)))))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $vote)))
        (f64.store
          (i32.add (local.get $posterior) (i32.shl (local.get $i) (i32.const 3)))
          (f64.div
            (f64.const 1)
            (f64.add (f64.const 1) (call $exp (f64.sub (local.get $l0) (local.get $l1))))))
        (local.set $high (f64.max (local.get $l0) (local.get $l1)))
        (local.set $sum
          (f64.add
            (local.get $sum)
            (f64.mul
              (f64.load (i32.add (local.get $weight) (i32.shl (local.get $i) (i32.const 3))))
              (f64.add
                (local.get $high)
                (call $log1p
                  (call $exp (f64.sub (f64.min (local.get $l0) (local.get $l1)) (local.get $high))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $pattern)))
    (local.get $sum)
  )
)
