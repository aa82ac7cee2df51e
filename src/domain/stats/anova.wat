;; The two-factor ANOVA's passes over the observations (anova.ts, "cellSums"): sorted by cell
;; and value, then summed per level, per cell and into the residual sums of squares.
;; `npm run build:wasm` assembles this file into anovaWasm.ts (tests/unit/wasm.test.ts checks the
;; two agree). anova.ts holds the same steps in JavaScript (its fallback); tests compare the two.
;;
;; cells(a0, b0, y0, n, nA, nB, start, a, b, y, levels, cellA, cellB, cellN, cellT, out) -> cells
;;   a0, b0 (i32) and y0 (f64): the n observations' levels (0 … nA − 1, 0 … nB − 1) and values;
;;   start: nA · nB i32s of scratch; a, b, y: the observations sorted by cell (a · nB + b, a
;;   counting sort) and within a cell by value (insertion sort for up to 32 values, else the
;;   imported sortRange, the typed array's sort); levels: 2 · (nA + nB) f64s written as nOfA,
;;   tOfA, nOfB, tOfB; cellA, cellB (i32), cellN, cellT (f64): each non-empty cell's levels,
;;   count and sum, in order; out: rssFull, rssA, rssB (f64). Returns the number of cells.
;;
;; absorb(cells, nA, nB, cellA, cellB, cellN, levels, parent, slot, offsets, order, C, r, out)
;;   -> k: the additive model's reduced normal equations (anova.ts's reducedSystem) from the
;;   cells as `cells` left them. parent (nA + nB i32s), offsets (nB + 1) and order (cells) are
;;   scratch; slot (nA i32s) gets each level of A's index among the free ones (-1 for the first
;;   level of each connected part, whose effect is fixed at 0); C (k · k f64s, row-major) and r
;;   (k f64s) the equations; out (i32) the number of parts. Returns k.
;; Every sum is taken in the same order, with the same IEEE operations, as the JavaScript.
(module
  (import "anova" "sortRange" (func $sortRange (param i32 i32)))
  (memory (export "memory") 1)
  (func (export "cells")
    (param $a0 i32) (param $b0 i32) (param $y0 i32) (param $n i32) (param $nA i32)
    (param $nB i32) (param $start i32) (param $a i32) (param $b i32) (param $y i32)
    (param $levels i32) (param $cellA i32) (param $cellB i32) (param $cellN i32)
    (param $cellT i32) (param $out i32) (result i32)
    (local $i i32) (local $c i32) (local $k i32) (local $p i32) (local $q i32) (local $cells i32)
    (local $from i32) (local $to i32) (local $ai i32) (local $bi i32) (local $last i32)
    (local $v f64) (local $w f64) (local $d f64) (local $rssFull f64) (local $rssA f64)
    (local $rssB f64) (local $nOfA i32) (local $tOfA i32) (local $nOfB i32) (local $tOfB i32)
    (local.set $cells (i32.mul (local.get $nA) (local.get $nB)))
    ;; Counting sort by cell: counts, then each cell's end (start[c] = Σ counts ≤ c), then the
    ;; observations placed from the back, so start[c] ends as the cell's first index.
    (memory.fill (local.get $start) (i32.const 0) (i32.shl (local.get $cells) (i32.const 2)))
    (local.set $i (i32.const 0))
    (block $done (loop $count
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $p
        (i32.add (local.get $start)
          (i32.shl
            (i32.add
              (i32.mul
                (i32.load (i32.add (local.get $a0) (i32.shl (local.get $i) (i32.const 2))))
                (local.get $nB))
              (i32.load (i32.add (local.get $b0) (i32.shl (local.get $i) (i32.const 2)))))
            (i32.const 2))))
      (i32.store (local.get $p) (i32.add (i32.load (local.get $p)) (i32.const 1)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $count)))
    (local.set $k (i32.const 0))
    (local.set $c (i32.const 0))
    (block $done (loop $prefix
      (br_if $done (i32.ge_u (local.get $c) (local.get $cells)))
      (local.set $p (i32.add (local.get $start) (i32.shl (local.get $c) (i32.const 2))))
      (local.set $k (i32.add (local.get $k) (i32.load (local.get $p))))
      (i32.store (local.get $p) (local.get $k))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $prefix)))
    ;; Placed from the last observation back: each cell keeps its observations' order.
    (local.set $i (local.get $n))
    (block $done (loop $place
      (br_if $done (i32.eqz (local.get $i)))
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (local.set $ai (i32.load (i32.add (local.get $a0) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $bi (i32.load (i32.add (local.get $b0) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $p
        (i32.add (local.get $start)
          (i32.shl (i32.add (i32.mul (local.get $ai) (local.get $nB)) (local.get $bi))
            (i32.const 2))))
      (local.set $k (i32.sub (i32.load (local.get $p)) (i32.const 1)))
      (i32.store (local.get $p) (local.get $k))
      (i32.store (i32.add (local.get $a) (i32.shl (local.get $k) (i32.const 2))) (local.get $ai))
      (i32.store (i32.add (local.get $b) (i32.shl (local.get $k) (i32.const 2))) (local.get $bi))
      (f64.store (i32.add (local.get $y) (i32.shl (local.get $k) (i32.const 3)))
        (f64.load (i32.add (local.get $y0) (i32.shl (local.get $i) (i32.const 3)))))
      (br $place)))
    ;; Each cell's values ascending.
    (local.set $c (i32.const 0))
    (block $done (loop $cell
      (br_if $done (i32.ge_u (local.get $c) (local.get $cells)))
      (local.set $from
        (i32.load (i32.add (local.get $start) (i32.shl (local.get $c) (i32.const 2)))))
      (local.set $to
        (if (result i32) (i32.eq (i32.add (local.get $c) (i32.const 1)) (local.get $cells))
          (then (local.get $n))
          (else (i32.load
            (i32.add (local.get $start)
              (i32.shl (i32.add (local.get $c) (i32.const 1)) (i32.const 2)))))))
      (if (i32.gt_u (i32.sub (local.get $to) (local.get $from)) (i32.const 32))
        (then
          (call $sortRange
            (i32.add (local.get $y) (i32.shl (local.get $from) (i32.const 3)))
            (i32.sub (local.get $to) (local.get $from))))
        (else
          ;; Insertion sort of y[from … to − 1].
          (local.set $p (i32.add (local.get $from) (i32.const 1)))
          (block $sorted (loop $insert
            (br_if $sorted (i32.ge_u (local.get $p) (local.get $to)))
            (local.set $v (f64.load (i32.add (local.get $y) (i32.shl (local.get $p) (i32.const 3)))))
            (local.set $q (local.get $p))
            (block $placed (loop $shift
              (br_if $placed (i32.le_u (local.get $q) (local.get $from)))
              (local.set $w
                (f64.load
                  (i32.add (local.get $y)
                    (i32.shl (i32.sub (local.get $q) (i32.const 1)) (i32.const 3)))))
              (br_if $placed (i32.eqz (f64.gt (local.get $w) (local.get $v))))
              (f64.store (i32.add (local.get $y) (i32.shl (local.get $q) (i32.const 3)))
                (local.get $w))
              (local.set $q (i32.sub (local.get $q) (i32.const 1)))
              (br $shift)))
            (f64.store (i32.add (local.get $y) (i32.shl (local.get $q) (i32.const 3)))
              (local.get $v))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $insert)))))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $cell)))
    ;; Per level and per cell: counts and sums (the cells are runs of equal (a, b)).
    (local.set $nOfA (local.get $levels))
    (local.set $tOfA (i32.add (local.get $nOfA) (i32.shl (local.get $nA) (i32.const 3))))
    (local.set $nOfB (i32.add (local.get $tOfA) (i32.shl (local.get $nA) (i32.const 3))))
    (local.set $tOfB (i32.add (local.get $nOfB) (i32.shl (local.get $nB) (i32.const 3))))
    (memory.fill (local.get $levels) (i32.const 0)
      (i32.shl (i32.add (local.get $nA) (local.get $nB)) (i32.const 4)))
    (local.set $last (i32.const -1))
    (local.set $i (i32.const 0))
    (block $done (loop $sum
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $ai (i32.load (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $bi (i32.load (i32.add (local.get $b) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $v (f64.load (i32.add (local.get $y) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $p (i32.add (local.get $nOfA) (i32.shl (local.get $ai) (i32.const 3))))
      (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (f64.const 1)))
      (local.set $p (i32.add (local.get $tOfA) (i32.shl (local.get $ai) (i32.const 3))))
      (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (local.get $v)))
      (local.set $p (i32.add (local.get $nOfB) (i32.shl (local.get $bi) (i32.const 3))))
      (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (f64.const 1)))
      (local.set $p (i32.add (local.get $tOfB) (i32.shl (local.get $bi) (i32.const 3))))
      (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (local.get $v)))
      (if (i32.and
            (i32.ge_s (local.get $last) (i32.const 0))
            (i32.and
              (i32.eq (local.get $ai)
                (i32.load (i32.add (local.get $cellA) (i32.shl (local.get $last) (i32.const 2)))))
              (i32.eq (local.get $bi)
                (i32.load (i32.add (local.get $cellB) (i32.shl (local.get $last) (i32.const 2)))))))
        (then
          (local.set $p (i32.add (local.get $cellN) (i32.shl (local.get $last) (i32.const 3))))
          (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (f64.const 1)))
          (local.set $p (i32.add (local.get $cellT) (i32.shl (local.get $last) (i32.const 3))))
          (f64.store (local.get $p) (f64.add (f64.load (local.get $p)) (local.get $v))))
        (else
          (local.set $last (i32.add (local.get $last) (i32.const 1)))
          (i32.store (i32.add (local.get $cellA) (i32.shl (local.get $last) (i32.const 2)))
            (local.get $ai))
          (i32.store (i32.add (local.get $cellB) (i32.shl (local.get $last) (i32.const 2)))
            (local.get $bi))
          (f64.store (i32.add (local.get $cellN) (i32.shl (local.get $last) (i32.const 3)))
            (f64.const 1))
          (f64.store (i32.add (local.get $cellT) (i32.shl (local.get $last) (i32.const 3)))
            (local.get $v))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $sum)))
    ;; Residual sums of squares of the full model (cell means) and of each one-factor model.
    (local.set $c (i32.const -1))
    (local.set $i (i32.const 0))
    (block $done (loop $rss
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $ai (i32.load (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $bi (i32.load (i32.add (local.get $b) (i32.shl (local.get $i) (i32.const 2)))))
      (if (i32.or
            (i32.lt_s (local.get $c) (i32.const 0))
            (i32.or
              (i32.ne (local.get $ai)
                (i32.load (i32.add (local.get $cellA) (i32.shl (local.get $c) (i32.const 2)))))
              (i32.ne (local.get $bi)
                (i32.load (i32.add (local.get $cellB) (i32.shl (local.get $c) (i32.const 2)))))))
        (then (local.set $c (i32.add (local.get $c) (i32.const 1)))))
      (local.set $v (f64.load (i32.add (local.get $y) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $d
        (f64.sub (local.get $v)
          (f64.div
            (f64.load (i32.add (local.get $cellT) (i32.shl (local.get $c) (i32.const 3))))
            (f64.load (i32.add (local.get $cellN) (i32.shl (local.get $c) (i32.const 3)))))))
      (local.set $rssFull (f64.add (local.get $rssFull) (f64.mul (local.get $d) (local.get $d))))
      (local.set $d
        (f64.sub (local.get $v)
          (f64.div
            (f64.load (i32.add (local.get $tOfA) (i32.shl (local.get $ai) (i32.const 3))))
            (f64.load (i32.add (local.get $nOfA) (i32.shl (local.get $ai) (i32.const 3)))))))
      (local.set $rssA (f64.add (local.get $rssA) (f64.mul (local.get $d) (local.get $d))))
      (local.set $d
        (f64.sub (local.get $v)
          (f64.div
            (f64.load (i32.add (local.get $tOfB) (i32.shl (local.get $bi) (i32.const 3))))
            (f64.load (i32.add (local.get $nOfB) (i32.shl (local.get $bi) (i32.const 3)))))))
      (local.set $rssB (f64.add (local.get $rssB) (f64.mul (local.get $d) (local.get $d))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rss)))
    (f64.store (local.get $out) (local.get $rssFull))
    (f64.store offset=8 (local.get $out) (local.get $rssA))
    (f64.store offset=16 (local.get $out) (local.get $rssB))
    (i32.add (local.get $last) (i32.const 1)))
  ;; The root of x's part (union–find, paths halved on the way): its smallest node.
  (func $find (param $parent i32) (param $x i32) (result i32)
    (local $up i32) (local $upUp i32)
    (block $root
      (loop $climb
        (local.set $up (i32.load (i32.add (local.get $parent) (i32.shl (local.get $x) (i32.const 2)))))
        (br_if $root (i32.eq (local.get $up) (local.get $x)))
        (local.set $upUp (i32.load (i32.add (local.get $parent) (i32.shl (local.get $up) (i32.const 2)))))
        (i32.store (i32.add (local.get $parent) (i32.shl (local.get $x) (i32.const 2))) (local.get $upUp))
        (local.set $x (local.get $upUp))
        (br $climb)))
    (local.get $x))

  (func (export "absorb")
    (param $cells i32) (param $nA i32) (param $nB i32) (param $cellA i32) (param $cellB i32)
    (param $cellN i32) (param $levels i32) (param $parent i32) (param $slot i32)
    (param $offsets i32) (param $order i32) (param $C i32) (param $r i32) (param $out i32)
    (result i32)
    (local $i i32) (local $j i32) (local $c i32) (local $x i32) (local $z i32) (local $k i32)
    (local $parts i32) (local $o i32) (local $p i32) (local $q i32) (local $from i32) (local $to i32)
    (local $c1 i32) (local $at i32) (local $no f64) (local $mo f64) (local $n1 f64)
    (local $tOfA i32) (local $nOfB i32) (local $tOfB i32)
    (local.set $tOfA (i32.add (local.get $levels) (i32.shl (local.get $nA) (i32.const 3))))
    (local.set $nOfB (i32.add (local.get $tOfA) (i32.shl (local.get $nA) (i32.const 3))))
    (local.set $tOfB (i32.add (local.get $nOfB) (i32.shl (local.get $nB) (i32.const 3))))
    ;; Connected parts of the bipartite graph of cells: each cell joins its level of A and its
    ;; level of B (nA + b), the larger root under the smaller, so a part's root is its smallest
    ;; node, and a part's first level of A its root.
    (block $done (loop $init
      (br_if $done (i32.ge_u (local.get $i) (i32.add (local.get $nA) (local.get $nB))))
      (i32.store (i32.add (local.get $parent) (i32.shl (local.get $i) (i32.const 2))) (local.get $i))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $init)))
    (block $done (loop $join
      (br_if $done (i32.ge_u (local.get $c) (local.get $cells)))
      (local.set $x
        (call $find (local.get $parent)
          (i32.load (i32.add (local.get $cellA) (i32.shl (local.get $c) (i32.const 2))))))
      (local.set $z
        (call $find (local.get $parent)
          (i32.add (local.get $nA)
            (i32.load (i32.add (local.get $cellB) (i32.shl (local.get $c) (i32.const 2)))))))
      (if (i32.ne (local.get $x) (local.get $z))
        (then
          (if (i32.lt_u (local.get $x) (local.get $z))
            (then (i32.store (i32.add (local.get $parent) (i32.shl (local.get $z) (i32.const 2))) (local.get $x)))
            (else (i32.store (i32.add (local.get $parent) (i32.shl (local.get $x) (i32.const 2))) (local.get $z))))))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $join)))
    ;; The free levels of A (all but each part's first), numbered in order.
    (local.set $i (i32.const 0))
    (block $done (loop $free
      (br_if $done (i32.ge_u (local.get $i) (local.get $nA)))
      (if (i32.eq (call $find (local.get $parent) (local.get $i)) (local.get $i))
        (then
          (i32.store (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2))) (i32.const -1))
          (local.set $parts (i32.add (local.get $parts) (i32.const 1))))
        (else
          (i32.store (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2))) (local.get $k))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $free)))
    (i32.store (local.get $out) (local.get $parts))
    ;; C = diag(n_s), r = T_s over the free levels.
    (memory.fill (local.get $C) (i32.const 0) (i32.shl (i32.mul (local.get $k) (local.get $k)) (i32.const 3)))
    (local.set $i (i32.const 0))
    (block $done (loop $diagonal
      (br_if $done (i32.ge_u (local.get $i) (local.get $nA)))
      (local.set $j (i32.load (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2)))))
      (if (i32.ge_s (local.get $j) (i32.const 0))
        (then
          (f64.store
            (i32.add (local.get $C) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $k)) (local.get $j)) (i32.const 3)))
            (f64.load (i32.add (local.get $levels) (i32.shl (local.get $i) (i32.const 3)))))
          (f64.store (i32.add (local.get $r) (i32.shl (local.get $j) (i32.const 3)))
            (f64.load (i32.add (local.get $tOfA) (i32.shl (local.get $i) (i32.const 3)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $diagonal)))
    ;; The cells grouped by level of B (a stable counting sort): each level's count, then its
    ;; end (the counts summed up to it), then the cells placed from the back, so offsets[o]
    ;; ends as the level's start and offsets[nB] is the cells.
    (memory.fill (local.get $offsets) (i32.const 0) (i32.shl (i32.add (local.get $nB) (i32.const 1)) (i32.const 2)))
    (local.set $c (i32.const 0))
    (block $done (loop $count
      (br_if $done (i32.ge_u (local.get $c) (local.get $cells)))
      (local.set $at
        (i32.add (local.get $offsets)
          (i32.shl (i32.load (i32.add (local.get $cellB) (i32.shl (local.get $c) (i32.const 2)))) (i32.const 2))))
      (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $count)))
    (local.set $o (i32.const 1))
    (block $done (loop $sum
      (br_if $done (i32.ge_u (local.get $o) (local.get $nB)))
      (local.set $at (i32.add (local.get $offsets) (i32.shl (local.get $o) (i32.const 2))))
      (i32.store (local.get $at)
        (i32.add (i32.load (local.get $at))
          (i32.load (i32.add (local.get $offsets) (i32.shl (i32.sub (local.get $o) (i32.const 1)) (i32.const 2))))))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $sum)))
    (i32.store (i32.add (local.get $offsets) (i32.shl (local.get $nB) (i32.const 2))) (local.get $cells))
    (local.set $c (local.get $cells))
    (block $done (loop $place
      (br_if $done (i32.eqz (local.get $c)))
      (local.set $c (i32.sub (local.get $c) (i32.const 1)))
      (local.set $at
        (i32.add (local.get $offsets)
          (i32.shl (i32.load (i32.add (local.get $cellB) (i32.shl (local.get $c) (i32.const 2)))) (i32.const 2))))
      (local.set $p (i32.sub (i32.load (local.get $at)) (i32.const 1)))
      (i32.store (local.get $at) (local.get $p))
      (i32.store (i32.add (local.get $order) (i32.shl (local.get $p) (i32.const 2))) (local.get $c))
      (br $place)))
    ;; Absorbing B: r_s -= n_so · T_o / n_o and C_st -= n_so · n_to / n_o over each level o of B.
    (local.set $o (i32.const 0))
    (block $done (loop $level
      (br_if $done (i32.ge_u (local.get $o) (local.get $nB)))
      (local.set $from (i32.load (i32.add (local.get $offsets) (i32.shl (local.get $o) (i32.const 2)))))
      (local.set $to (i32.load (i32.add (local.get $offsets) (i32.shl (i32.add (local.get $o) (i32.const 1)) (i32.const 2)))))
      (local.set $no (f64.load (i32.add (local.get $nOfB) (i32.shl (local.get $o) (i32.const 3)))))
      (local.set $mo (f64.div (f64.load (i32.add (local.get $tOfB) (i32.shl (local.get $o) (i32.const 3)))) (local.get $no)))
      (local.set $p (local.get $from))
      (block $pDone (loop $pLoop
        (br_if $pDone (i32.ge_u (local.get $p) (local.get $to)))
        (local.set $c1 (i32.load (i32.add (local.get $order) (i32.shl (local.get $p) (i32.const 2)))))
        (local.set $i
          (i32.load (i32.add (local.get $slot)
            (i32.shl (i32.load (i32.add (local.get $cellA) (i32.shl (local.get $c1) (i32.const 2)))) (i32.const 2)))))
        (if (i32.ge_s (local.get $i) (i32.const 0))
          (then
            (local.set $n1 (f64.load (i32.add (local.get $cellN) (i32.shl (local.get $c1) (i32.const 3)))))
            (local.set $at (i32.add (local.get $r) (i32.shl (local.get $i) (i32.const 3))))
            (f64.store (local.get $at) (f64.sub (f64.load (local.get $at)) (f64.mul (local.get $n1) (local.get $mo))))
            (local.set $q (local.get $from))
            (block $qDone (loop $qLoop
              (br_if $qDone (i32.ge_u (local.get $q) (local.get $to)))
              (local.set $c (i32.load (i32.add (local.get $order) (i32.shl (local.get $q) (i32.const 2)))))
              (local.set $j
                (i32.load (i32.add (local.get $slot)
                  (i32.shl (i32.load (i32.add (local.get $cellA) (i32.shl (local.get $c) (i32.const 2)))) (i32.const 2)))))
              (if (i32.ge_s (local.get $j) (i32.const 0))
                (then
                  (local.set $at
                    (i32.add (local.get $C)
                      (i32.shl (i32.add (i32.mul (local.get $i) (local.get $k)) (local.get $j)) (i32.const 3))))
                  (f64.store (local.get $at)
                    (f64.sub (f64.load (local.get $at))
                      (f64.div
                        (f64.mul (local.get $n1) (f64.load (i32.add (local.get $cellN) (i32.shl (local.get $c) (i32.const 3)))))
                        (local.get $no))))))
              (local.set $q (i32.add (local.get $q) (i32.const 1)))
              (br $qLoop)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $pLoop)))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $level)))
    (local.get $k))
)
