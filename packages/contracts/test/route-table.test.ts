import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, routeList } from '../src/route-table.js';

describe('route table', () => {
  it('gives every route a known access level and a unique method and path', () => {
    const seen = new Set<string>();
    for (const r of routeList) {
      expect(ACCESS_LEVELS).toContain(r.access);
      const key = `${r.method} ${r.url}`;
      expect(seen.has(key), `${key} is declared twice`).toBe(false);
      seen.add(key);
    }
  });

  it('keeps every API route under /api', () => {
    for (const r of routeList) expect(r.url.startsWith('/api/')).toBe(true);
  });
});
