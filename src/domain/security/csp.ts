// The Content-Security-Policy of the built app: put into index.html as a <meta> tag at build
// time (vite.config.ts; the dev server's hot reload needs inline scripts, so not in dev). Read
// by the browser test that visits every screen and checks that nothing is blocked, and sent as
// a header on every page the collection server (src/server) serves.
//
// - scripts and workers only from the app's own origin: no inline script, no eval, no new
//   Function, and no WebAssembly (the app has none: its statistics are plain TypeScript);
// - styles from the app, plus inline style attributes (React's style props, wavesurfer.js);
// - audio and images also from blob: and data: (stored audio is played from blob URLs);
// - fetches (clip audio given by `uri`) from the app and from http(s) hosts: which foreign
//   origins may be fetched is decided per study by the researcher (domain/clips/clipSource.ts), so
//   the policy can't list them (an https page still never fetches http: audio: mixed content);
// - no plugins, no <base> elsewhere, forms only to the app.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob: http: https:",
  "connect-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");
