/**
 * A small seeded pseudo-random generator (mulberry32) for the demo data. The same seed always
 * gives the same sequence; nothing here reads Math.random or the clock.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 32-bit FNV-1a hash of `text`, used to derive independent streams from one seed. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  private state: number;

  /** A generator for the integer `seed`; `stream` names an independent sequence of the same seed. */
  constructor(seed: number, stream = "") {
    this.state = (fnv1a(`${stream}:${seed}`) ^ Math.imul(seed | 0, 0x9e3779b1)) >>> 0;
  }

  /** The next unsigned 32-bit integer. */
  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** One element of `list`, chosen with the matching relative `weights`. */
  weighted<T>(list: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < list.length; i++) {
      r -= weights[i]!;
      if (r < 0) return list[i]!;
    }
    return list[list.length - 1]!;
  }

  /** `count` distinct elements of `list` in random order (all of them when count >= length). */
  sample<T>(list: readonly T[], count: number): T[] {
    const copy = [...list];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** A random-looking but reproducible version-4-shaped UUID string. */
  uuid(): string {
    const hex = [this.uint32(), this.uint32(), this.uint32(), this.uint32()].map((n) => n.toString(16).padStart(8, "0")).join("");
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** A `length`-character alphanumeric id, like better-auth's generated ids. */
  id(length = 32): string {
    let out = "";
    for (let i = 0; i < length; i++) out += BASE62[this.uint32() % 62];
    return out;
  }
}
