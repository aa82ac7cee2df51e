;; The bootstrap's draws (docs/spec/statistics.md, "Bootstrap interval"), four at a time.
;; `npm run build:wasm` assembles this file into drawsWasm.ts (tests/unit/wasm.test.ts checks the two agree).
;;
;; draws(table, m, k, reps, a, out) -> a'
;;   table: m packed stimuli at byte offset `table`, each refTokens · 2^32 + errors as an i64;
;;   for each of `reps` replicates, the sum of `k` draws (index floor(g() · m), g = mulberry32
;;   with state `a`, exactly the spec's seededRandom) is stored as an f64 at out + 8 · b;
;;   returns the generator's state after the last draw.
;;
;; mulberry32's state after n steps is a + n · 0x6d2b79f5, and its output a function of that
;; state alone, so four consecutive draws are computed side by side in the four lanes of a
;; vector. The index floor(u / 2^32 · m) is the high half of the 64-bit product u · m. The
;; sums are of non-negative integers below 2^53 (the caller checks), exact in any order, so
;; the lanes are summed apart and added at the end. The last k mod 4 draws of a replicate are
;; taken one by one.
(module
  (memory (export "memory") 1)
  (func (export "draws")
    (param $table i32) (param $m i32) (param $k i32) (param $reps i32) (param $a i32)
    (param $out i32) (result i32)
    (local $b i32) (local $d i32) (local $k4 i32) (local $t i32) (local $s i64)
    (local $state v128) (local $u v128) (local $lo v128) (local $hi v128) (local $at v128)
    (local $mv v128) (local $base v128) (local $sum01 v128) (local $sum23 v128)
    (local.set $mv (i32x4.splat (local.get $m)))
    (local.set $base (i32x4.splat (local.get $table)))
    (local.set $k4 (i32.and (local.get $k) (i32.const -4)))
    (block $replicatesDone
      (loop $replicate
        (br_if $replicatesDone (i32.ge_u (local.get $b) (local.get $reps)))
        (local.set $sum01 (v128.const i64x2 0 0))
        (local.set $sum23 (v128.const i64x2 0 0))
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
            ;; u = t ^ (t >>> 14); index = high half of u · m; its byte offset in the table
            (local.set $u
              (v128.xor (local.get $u) (i32x4.shr_u (local.get $u) (i32.const 14))))
            (local.set $lo (i64x2.extmul_low_i32x4_u (local.get $u) (local.get $mv)))
            (local.set $hi (i64x2.extmul_high_i32x4_u (local.get $u) (local.get $mv)))
            (local.set $at
              (i32x4.add
                (local.get $base)
                (i32x4.shl
                  (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
                    (local.get $lo) (local.get $hi))
                  (i32.const 3))))
            (local.set $sum01
              (i64x2.add
                (local.get $sum01)
                (v128.load64_lane 1
                  (i32x4.extract_lane 1 (local.get $at))
                  (v128.load64_zero (i32x4.extract_lane 0 (local.get $at))))))
            (local.set $sum23
              (i64x2.add
                (local.get $sum23)
                (v128.load64_lane 1
                  (i32x4.extract_lane 3 (local.get $at))
                  (v128.load64_zero (i32x4.extract_lane 2 (local.get $at))))))
            ;; each lane four steps on: + 4C
            (local.set $state
              (i32x4.add (local.get $state) (v128.const i32x4 0xb4ade7d4 0xb4ade7d4 0xb4ade7d4 0xb4ade7d4)))
            (local.set $d (i32.add (local.get $d) (i32.const 4)))
            (br $vector)))
        (local.set $a (i32.add (local.get $a) (i32.mul (local.get $k4) (i32.const 0x6d2b79f5))))
        (local.set $sum01 (i64x2.add (local.get $sum01) (local.get $sum23)))
        (local.set $s
          (i64.add (i64x2.extract_lane 0 (local.get $sum01)) (i64x2.extract_lane 1 (local.get $sum01))))
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
                          (i64.mul (i64.extend_i32_u (local.get $t)) (i64.extend_i32_u (local.get $m)))
                          (i64.const 32)))
                      (i32.const 3))))))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (br $scalar)))
        (f64.store
          (i32.add (local.get $out) (i32.shl (local.get $b) (i32.const 3)))
          (f64.convert_i64_u (local.get $s)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $replicate)))
    (local.get $a)))
