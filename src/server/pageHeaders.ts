// The headers of every page of the app the server serves: the app's Content-Security-Policy
// (src/domain/security/csp.ts) with no framing anywhere (clickjacking), no type sniffing, no
// referrer, and caching only for the hashed files under /assets/.
import { CONTENT_SECURITY_POLICY } from "../domain/security/csp.ts";

const PAGE_POLICY = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

/** A page's headers: its type, the policy, and whether it may be cached for good. */
export function pageHeaders(contentType: string, immutable: boolean): Record<string, string> {
  return {
    "content-type": contentType,
    "content-security-policy": PAGE_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  };
}
