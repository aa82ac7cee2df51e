;; The bootstrap's draws (docs/spec/statistics.md, "Bootstrap interval"), four at a time.
;; `npm run build:wasm` assembles this file into drawsWasm.ts (tests/unit/wasm.test.ts checks the two agree).
;;
;; draws(table, m, k, reps, a, out) -> a'
;;   table: m packed stimuli at byte offset `table`, each refTokens · 2^32 + errors as an i64;
;;   for each of `reps` replicates, the value of `k` draws (index floor(g() · m), g = mulberry32
;;   with state `a`, exactly the spec's seededRandom): their summed errors over their summed
;;   tokens, stored as an f64 at out + 8 · b; returns the generator's state after the last draw.
;;
;; mulberry32's state after n steps is a + n · 0x6d2b79f5, and its output a function of that
;; state alone, so four consecutive draws are hashed side by side in the four lanes of a
;; vector. Each lane's index floor(u / 2^32 · m), the high half of the 64-bit product u · m,
;; and its load are then taken in scalar registers: the vector forms (two widening multiplies,
;; a shuffle, lane inserts) cost more than the scalar ones (measured: the curve's 93 million
;; draws took 20 % less). The sums are of non-negative integers below 2^53 (the caller checks),
;; exact in any order, so each lane has its own and they are added at the end. The last k mod 4
;; draws of a replicate are taken one by one. A replicate's value is errors / tokens of its
;; packed sum, both converted to f64 exactly: the same division as the JavaScript's.
;;
;; select(values, n, k) -> the k-th smallest of the values (below): the interval's two ends
;; without sorting the replicates.
(module
  (memory (export "memory") 1)
  (func (export "draws")
    (param $table i32) (param $m i32) (param $k i32) (param $reps i32) (param $a i32)
    (param $out i32) (result i32)
    (local $b i32) (local $d i32) (local $k4 i32) (local $t i32) (local $s i64) (local $m64 i64)
    (local $s0 i64) (local $s1 i64) (local $s2 i64) (local $s3 i64)
    (local $state v128) (local $u v128)
    (local.set $m64 (i64.extend_i32_u (local.get $m)))
    (local.set $k4 (i32.and (local.get $k) (i32.const -4)))
    (block $replicatesDone
      (loop $replicate
        (br_if $replicatesDone (i32.ge_u (local.get $b) (local.get $reps)))
        (local.set $s0 (i64.const 0))
        (local.set $s1 (i64.const 0))
        (local.set $s2 (i64.const 0))
        (local.set $s3 (i64.const 0))
        ;; the lanes' states: a + C, a + 2C, a + 3C, a + 4C (C = 0x6d2b79f5, mod 2^32)
        (local.set $state
          (i32x4.add
            (i32x4.splat (local.get $a))
            (v128.const i32x4 0x6d2b79f5 0xda56f3ea 0x47826ddf 0xb4ade7d4)))
        (local.set $d (i32.const 0))
        (block $vectorsDone
          (loop $vector
            (br_if $vectorsDone (i32.ge_u (local.get $d) (local.get $k4)))
            ;; t = imul(a ^ (a >>> 15), 1 | a)
            (local.set $u
              (i32x4.mul
                (v128.xor (local.get $state) (i32x4.shr_u (local.get $state) (i32.const 15)))
                (v128.or (local.get $state) (v128.const i32x4 1 1 1 1))))
            ;; t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t
            (local.set $u
              (v128.xor
                (i32x4.add
                  (local.get $u)
                  (i32x4.mul
                    (v128.xor (local.get $u) (i32x4.shr_u (local.get $u) (i32.const 7)))
                    (v128.or (local.get $u) (v128.const i32x4 61 61 61 61))))
                (local.get $u)))
            ;; u = t ^ (t >>> 14); per lane: the index, the high half of u · m, as a byte offset
            ;; ((u · m) >> 29 with its low three bits cleared), and its stimulus added in
            (local.set $u
              (v128.xor (local.get $u) (i32x4.shr_u (local.get $u) (i32.const 14))))
            (local.set $s0
              (i64.add (local.get $s0)
                (i64.load (i32.add (local.get $table)
                  (i32.and
                    (i32.wrap_i64
                      (i64.shr_u
                        (i64.mul (i64.extend_i32_u (i32x4.extract_lane 0 (local.get $u))) (local.get $m64))
                        (i64.const 29)))
                    (i32.const -8))))))
            (local.set $s1
              (i64.add (local.get $s1)
                (i64.load (i32.add (local.get $table)
                  (i32.and
                    (i32.wrap_i64
                      (i64.shr_u
                        (i64.mul (i64.extend_i32_u (i32x4.extract_lane 1 (local.get $u))) (local.get $m64))
                        (i64.const 29)))
                    (i32.const -8))))))
            (local.set $s2
              (i64.add (local.get $s2)
                (i64.load (i32.add (local.get $table)
                  (i32.and
                    (i32.wrap_i64
                      (i64.shr_u
                        (i64.mul (i64.extend_i32_u (i32x4.extract_lane 2 (local.get $u))) (local.get $m64))
                        (i64.const 29)))
                    (i32.const -8))))))
            (local.set $s3
              (i64.add (local.get $s3)
                (i64.load (i32.add (local.get $table)
                  (i32.and
                    (i32.wrap_i64
                      (i64.shr_u
                        (i64.mul (i64.extend_i32_u (i32x4.extract_lane 3 (local.get $u))) (local.get $m64))
                        (i64.const 29)))
                    (i32.const -8))))))
            ;; each lane four steps on: + 4C
            (local.set $state
              (i32x4.add (local.get $state) (v128.const i32x4 0xb4ade7d4 0xb4ade7d4 0xb4ade7d4 0xb4ade7d4)))
            (local.set $d (i32.add (local.get $d) (i32.const 4)))
            (br $vector)))
        (local.set $a (i32.add (local.get $a) (i32.mul (local.get $k4) (i32.const 0x6d2b79f5))))
        (local.set $s
          (i64.add (i64.add (local.get $s0) (local.get $s1)) (i64.add (local.get $s2) (local.get $s3))))
        ;; the last k mod 4 draws, one at a time
        (block $scalarsDone
          (loop $scalar
            (br_if $scalarsDone (i32.ge_u (local.get $d) (local.get $k)))
            (local.set $a (i32.add (local.get $a) (i32.const 0x6d2b79f5)))
            (local.set $t
              (i32.mul
                (i32.xor (local.get $a) (i32.shr_u (local.get $a) (i32.const 15)))
                (i32.or (local.get $a) (i32.const 1))))
            (local.set $t
              (i32.xor
                (i32.add
                  (local.get $t)
                  (i32.mul
                    (i32.xor (local.get $t) (i32.shr_u (local.get $t) (i32.const 7)))
                    (i32.or (local.get $t) (i32.const 61))))
                (local.get $t)))
            (local.set $t (i32.xor (local.get $t) (i32.shr_u (local.get $t) (i32.const 14))))
            (local.set $s
              (i64.add
                (local.get $s)
                (i64.load
                  (i32.add
                    (local.get $table)
                    (i32.shl
                      (i32.wrap_i64
                        (i64.shr_u
                          (i64.mul (i64.extend_i32_u (local.get $t)) (local.get $m64))
                          (i64.const 32)))
                      (i32.const 3))))))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (br $scalar)))
        ;; the value: errors (the low 32 bits) over tokens (the high)
        (f64.store
          (i32.add (local.get $out) (i32.shl (local.get $b) (i32.const 3)))
          (f64.div
            (f64.convert_i64_u (i64.and (local.get $s) (i64.const 0xffffffff)))
            (f64.convert_i64_u (i64.shr_u (local.get $s) (i64.const 32)))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $replicate)))
    (local.get $a))
  ;; select(values, n, k) -> the k-th smallest (from 0) of the n f64s at `values`, which it
  ;; reorders (Wirth's selection: every value before place k is then no larger, every value
  ;; after it no smaller). The bootstrap's values are ratios of positive integer sums, never NaN,
  ;; so this is the value the sorted array has at place k.
  (func (export "select") (param $values i32) (param $n i32) (param $k i32) (result f64)
    (local $l i32) (local $m i32) (local $i i32) (local $j i32) (local $x f64) (local $t f64)
    (local.set $m (i32.sub (local.get $n) (i32.const 1)))
    (block $done
      (loop $narrow
        (br_if $done (i32.ge_s (local.get $l) (local.get $m)))
        (local.set $x (f64.load (i32.add (local.get $values) (i32.shl (local.get $k) (i32.const 3)))))
        (local.set $i (local.get $l))
        (local.set $j (local.get $m))
        (loop $partition
          (block $upDone
            (loop $up
              (br_if $upDone
                (i32.eqz
                  (f64.lt
                    (f64.load (i32.add (local.get $values) (i32.shl (local.get $i) (i32.const 3))))
                    (local.get $x))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $up)))
          (block $downDone
            (loop $down
              (br_if $downDone
                (i32.eqz
                  (f64.lt
                    (local.get $x)
                    (f64.load (i32.add (local.get $values) (i32.shl (local.get $j) (i32.const 3)))))))
              (local.set $j (i32.sub (local.get $j) (i32.const 1)))
              (br $down)))
          (if (i32.le_s (local.get $i) (local.get $j))
            (then
              (local.set $t
                (f64.load (i32.add (local.get $values) (i32.shl (local.get $i) (i32.const 3)))))
              (f64.store (i32.add (local.get $values) (i32.shl (local.get $i) (i32.const 3)))
                (f64.load (i32.add (local.get $values) (i32.shl (local.get $j) (i32.const 3)))))
              (f64.store (i32.add (local.get $values) (i32.shl (local.get $j) (i32.const 3)))
                (local.get $t))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (local.set $j (i32.sub (local.get $j) (i32.const 1)))))
          (br_if $partition (i32.le_s (local.get $i) (local.get $j))))
        (if (i32.lt_s (local.get $j) (local.get $k)) (then (local.set $l (local.get $i))))
        (if (i32.lt_s (local.get $k) (local.get $i)) (then (local.set $m (local.get $j))))
        (br $narrow)))
    (f64.load (i32.add (local.get $values) (i32.shl (local.get $k) (i32.const 3)))))
)
