// The transcendental functions of the statistics, from stdlib's pure-JavaScript ports of fdlibm.
// The engines' own Math.log, Math.exp and Math.pow may round differently in their last bit (Node
// 20 and Chromium 156 differ on 4 to 10 % of arguments), so a report computed in the browser's
// worker would not equal `stats --json` to the bit. These use only + − × ÷ and bit operations,
// which every engine rounds alike. Lint (lint/engine-math.grit) bans the Math ones in
// src/domain/stats and src/domain/transcripts.
import atanh from "@stdlib/math-base-special-atanh";
import exp from "@stdlib/math-base-special-exp";
import ln from "@stdlib/math-base-special-ln";
import log1p from "@stdlib/math-base-special-log1p";
import pow from "@stdlib/math-base-special-pow";
import tanh from "@stdlib/math-base-special-tanh";

export { atanh, exp, ln, log1p, pow, tanh };
