import { expect, test } from "vitest";
import { RateLimiter } from "./rateLimit.ts";

test("a burst, then Retry-After in whole seconds until the next token", () => {
  const limiter = new RateLimiter(2, 2); // 2 per second, bursts of 2
  expect(limiter.take("a", 0)).toBe(0);
  expect(limiter.take("a", 0)).toBe(0);
  expect(limiter.take("a", 0)).toBe(1); // 0 tokens, 0.5 s to the next: 1 s
  expect(limiter.take("a", 500)).toBe(0); // refilled one
  const arrivals = new RateLimiter(30 / 60, 1); // 30 a minute, one at once
  expect(arrivals.take("x", 0)).toBe(0);
  expect(arrivals.take("x", 0)).toBe(2); // one token every 2 s
  expect(arrivals.take("x", 1000)).toBe(1);
  expect(arrivals.take("y", 1000)).toBe(0); // another address: its own bucket
});

test("idle buckets are evicted as soon as they are full again; never more than maxKeys", () => {
  const limiter = new RateLimiter(1, 4, 3); // full again 4 s after its last use
  limiter.take("a", 0);
  limiter.take("b", 1000);
  expect(limiter.size).toBe(2);
  limiter.take("c", 4500); // a is idle 4.5 s: evicted; b (3.5 s) stays
  expect(limiter.size).toBe(2);
  limiter.take("d", 4600);
  limiter.take("e", 4700); // three held at most: b, the least recently used, goes
  expect(limiter.size).toBe(3);
  // An evicted key starts again with a full bucket, as if new: the limit is unchanged.
  for (let i = 0; i < 4; i++) expect(limiter.take("b", 4800)).toBe(0);
  expect(limiter.take("b", 4800)).toBe(1);
});
