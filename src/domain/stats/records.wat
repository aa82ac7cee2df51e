;; The records' counting sorts (records.ts's groupBy and sortedBy, which keep the same loops in
;; JavaScript for short lists and where this can't run): the index of every record grouped by
;; an integer key, stable. `npm run build:wasm` assembles this file into recordsWasm.ts
;; (tests/unit/wasm.test.ts checks the two agree).
;;
;; group(keys, n, groups, offsets, next, order): the n keys (i32, each 0 … groups - 1); offsets
;;   gets groups + 1 i32s, group g's records being order[offsets[g]] … order[offsets[g + 1] - 1]
;;   in ascending index; next is groups i32s of scratch.
;; sortedBy(major, minor, n, nMajor, nMinor, minorOffsets, minorNext, byMinor, majorOfSorted,
;;   offsets, next, within, order): the records ordered by (major, minor, index): grouped by
;;   minor, then that order grouped by major (stable). offsets (nMajor + 1) as group's; the
;;   others scratch (minorOffsets nMinor + 1, minorNext nMinor, next nMajor, byMinor,
;;   majorOfSorted and within n each).
(module
  (memory (export "memory") 1)

  (func $group (export "group")
    (param $keys i32) (param $n i32) (param $groups i32) (param $offsets i32) (param $next i32)
    (param $order i32)
    (local $i i32) (local $g i32) (local $at i32)
    (memory.fill (local.get $offsets) (i32.const 0) (i32.shl (i32.add (local.get $groups) (i32.const 1)) (i32.const 2)))
    (block $done
      (loop $count
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $at
          (i32.add (local.get $offsets)
            (i32.shl
              (i32.add (i32.load (i32.add (local.get $keys) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 1))
              (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $count)))
    (block $done
      (loop $sum
        (br_if $done (i32.ge_s (local.get $g) (local.get $groups)))
        (local.set $at (i32.add (local.get $offsets) (i32.shl (i32.add (local.get $g) (i32.const 1)) (i32.const 2))))
        (i32.store (local.get $at)
          (i32.add (i32.load (local.get $at))
            (i32.load (i32.add (local.get $offsets) (i32.shl (local.get $g) (i32.const 2))))))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $sum)))
    (memory.copy (local.get $next) (local.get $offsets) (i32.shl (local.get $groups) (i32.const 2)))
    (local.set $i (i32.const 0))
    (block $done
      (loop $place
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $at
          (i32.add (local.get $next)
            (i32.shl (i32.load (i32.add (local.get $keys) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 2))))
        (local.set $g (i32.load (local.get $at)))
        (i32.store (i32.add (local.get $order) (i32.shl (local.get $g) (i32.const 2))) (local.get $i))
        (i32.store (local.get $at) (i32.add (local.get $g) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $place)))
  )

  ;; out[j] = values[index[j]] for j < n (i32s).
  (func $gather (param $values i32) (param $index i32) (param $n i32) (param $out i32)
    (local $j i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $j) (local.get $n)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 2)))
          (i32.load
            (i32.add (local.get $values)
              (i32.shl (i32.load (i32.add (local.get $index) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 2)))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $next)))
  )

  (func (export "sortedBy")
    (param $major i32) (param $minor i32) (param $n i32) (param $nMajor i32) (param $nMinor i32)
    (param $minorOffsets i32) (param $minorNext i32) (param $byMinor i32) (param $majorOfSorted i32)
    (param $offsets i32) (param $next i32) (param $within i32) (param $order i32)
    (call $group (local.get $minor) (local.get $n) (local.get $nMinor) (local.get $minorOffsets)
      (local.get $minorNext) (local.get $byMinor))
    (call $gather (local.get $major) (local.get $byMinor) (local.get $n) (local.get $majorOfSorted))
    (call $group (local.get $majorOfSorted) (local.get $n) (local.get $nMajor) (local.get $offsets)
      (local.get $next) (local.get $within))
    (call $gather (local.get $byMinor) (local.get $within) (local.get $n) (local.get $order))
  )
)
