/**
 * A seeded pseudo-random source, so the benchmark's resampling is reproducible: the same samples
 * and the same seed give the same interval, on any machine.
 */

/** A generator of numbers uniform in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a tiny 32-bit generator, plenty for resampling indices (not for cryptography).
 *
 * @param seed any 32-bit integer
 * @returns a generator whose sequence depends only on `seed`
 * @example
 * ```ts
 * const random = seededRandom(42);
 * const index = Math.floor(random() * 10);
 * ```
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FNV-1a hash of a string, as a 32-bit seed: each comparison resamples from its own seed (derived
 * from its id), so adding or removing a comparison leaves every other interval unchanged.
 *
 * @example
 * ```ts
 * const random = seededRandom(seedOf("pause-resume/postgres/10 calls"));
 * ```
 */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A standard normal draw (Box–Muller), for synthetic data in the benchmark's own tests.
 *
 * @example
 * ```ts
 * const noise = Math.exp(0.1 * normal(seededRandom(1)));
 * ```
 */
export function normal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
