import type { FastifyRateLimitStore } from "@fastify/rate-limit";

// Token buckets per key (a client's address): `perSecond` on average, `burst` at once. Memory
// stays bounded: a bucket that has refilled is the same as no bucket, so idle ones are dropped
// as they are met (oldest first, the map keeps use order), and past `maxKeys` the least
// recently used go first.
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the whole seconds to wait (Retry-After). */
  take(key: string, now = Date.now()): number {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.delete(key); // re-inserted last: the map is in order of use
    this.evict(now);
    this.buckets.set(key, b);
    if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
    b.tokens -= 1;
    return 0;
  }

  /** How many keys are held (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private evict(now: number) {
    const refill = (this.burst / this.perSecond) * 1000; // an idle bucket is full after this
    for (const [key, b] of this.buckets) {
      if (this.buckets.size >= this.maxKeys || now - b.at >= refill) this.buckets.delete(key);
      else break; // the rest were used later
    }
  }
}

/**
 * A store for @fastify/rate-limit made of these buckets, in place of its fixed windows: `max`
 * requests at once (the burst), refilled evenly over `timeWindow` ms, so a client that keeps
 * to the average rate is never refused, and Retry-After says when the next token comes.
 */
export class TokenBucketStore implements FastifyRateLimitStore {
  private readonly limiter: RateLimiter;
  private readonly max: number;
  constructor(options: { max?: unknown; timeWindow?: unknown }) {
    const max = typeof options.max === "number" && options.max > 0 ? options.max : 1;
    const ms =
      typeof options.timeWindow === "number" && options.timeWindow > 0 ? options.timeWindow : 1000;
    this.limiter = new RateLimiter(max / (ms / 1000), max);
    this.max = max;
  }

  incr(
    key: string,
    done: (error: Error | null, result?: { current: number; ttl: number }) => void,
  ) {
    const wait = this.limiter.take(key);
    done(null, wait > 0 ? { current: this.max + 1, ttl: wait * 1000 } : { current: 1, ttl: 0 });
  }

  /** A route's own limit (the arrivals'): buckets of its own. */
  child(options: object): FastifyRateLimitStore {
    return new TokenBucketStore(options);
  }
}
