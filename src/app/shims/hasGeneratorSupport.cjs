// Stands in for @stdlib/assert-has-generator-support in the browser build (vite.config.ts):
// stdlib probes for generators with eval, which the app's Content-Security-Policy forbids (the
// probe's error is caught, but the browser still reports a violation). Every browser the build
// targets (ES2022) has generators, which is what the probe would find.
"use strict";
module.exports = function hasGeneratorSupport() {
  return true;
};
