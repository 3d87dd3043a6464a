// Reads a V8 .cpuprofile of a benchmarked server and says where the time per request went:
// self time by part (a package, a Node module, a file of the API), and inclusive time of the
// API's own functions (a hook's cost with everything it calls), in microseconds per request.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    try {
      const file = fileURLToPath(url);
      maps.set(url, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** Where a frame's code comes from: a package, a Node module, or a file of our own source. */
function place(frame: CallFrame): { part: string; own?: string } {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return { part: 'V8 garbage collector' };
    if (functionName === '(idle)') return { part: 'idle (waiting for I/O)' };
    if (functionName === '(program)') return { part: 'V8/native (not JavaScript)' };
    return { part: functionName || 'native' };
  }
  if (url.startsWith('node:')) return { part: url };
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
    return { part: name };
  }
  const ours = url.match(/\/(apps|packages)\/([^/]+)\/[^/]*dist[^/]*\//);
  if (ours) {
    const map = sourceMapOf(url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
      | { originalSource?: string; originalLine?: number }
      | undefined;
    const source = entry?.originalSource?.replace(/^.*?\/src\//, 'src/');
    if (source) {
      const where = `${ours[2]}/${source}`;
      return {
        part: where,
        own: `${where}:${(entry?.originalLine ?? 0) + 1} ${functionName || '(anonymous)'}`,
      };
    }
    return { part: `${ours[2]} (dist)` };
  }
  return { part: url.replace(/^file:\/\//, '') };
}

const FASTIFY_HOOKS = /\/fastify\/lib\/hooks\.js$/;
const FASTIFY_HANDLE = /\/fastify\/lib\/handle-request\.js$/;
const FASTIFY = /\/node_modules\/fastify\/lib\//;
const frameKey = (f: CallFrame) => `${f.url}:${f.lineNumber}:${f.columnNumber}:${f.functionName}`;

/** What a stage (a hook, a handler, a step of Fastify's own) is called in the report. */
function stageName(frame: CallFrame): string {
  if (FASTIFY.test(frame.url)) return `fastify ${frame.functionName || '(anonymous)'}`;
  const p = place(frame);
  return p.own ?? `${p.part} ${frame.functionName || '(anonymous)'}`;
}

export interface ProfileSummary {
  /** Microseconds per request spent in each part's own code. */
  self: Array<[part: string, us: number]>;
  /** Microseconds per request inside each part (it or anything it called). */
  inclusive: Array<[part: string, us: number]>;
  /** Microseconds per request inside each of our own functions. */
  ownFunctions: Array<[fn: string, us: number]>;
  /**
   * Microseconds per request of each stage: a hook, the route handler or a step of Fastify's
   * own, with what it calls but without the later hooks that Fastify runs from inside it.
   */
  stages: Array<[stage: string, us: number]>;
  /** The profile's total, per request, idle excluded. */
  busyUs: number;
}

export function summarize(file: string, requests: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const placeOf = new Map(profile.nodes.map((n) => [n.id, place(n.callFrame)]));

  // A stage's function is called by Fastify's hook runner or request handler; an async one
  // resumes later from the microtask queue, where the same function marks the stage again.
  const stageKeys = new Set<string>();
  for (const n of profile.nodes) {
    const up = byId.get(parent.get(n.id) ?? -1);
    if (!up || FASTIFY_HOOKS.test(n.callFrame.url)) continue;
    const fromHooks = FASTIFY_HOOKS.test(up.callFrame.url);
    const fromHandler = FASTIFY_HANDLE.test(up.callFrame.url) && !FASTIFY.test(n.callFrame.url);
    if (fromHooks || fromHandler) stageKeys.add(frameKey(n.callFrame));
  }
  const stages = new Map<string, number>();
  const stageOf = (leafId: number): string => {
    let outsideFastify = true;
    for (let n: number | undefined = leafId; n !== undefined; n = parent.get(n)) {
      const node = byId.get(n);
      if (!node) break;
      if (stageKeys.has(frameKey(node.callFrame))) return stageName(node.callFrame);
      if (FASTIFY.test(node.callFrame.url)) outsideFastify = false;
    }
    const leaf = byId.get(leafId)?.callFrame;
    const part = leaf ? place(leaf).part : 'unknown';
    if (part.startsWith('V8 garbage')) return part;
    return outsideFastify
      ? `outside Fastify (HTTP parsing, sockets, timers): ${part}`
      : `fastify before the first hook: ${part}`;
  };

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const own = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) =>
    map.set(key, (map.get(key) ?? 0) + us);
  let busy = 0;
  profile.samples.forEach((id, i) => {
    // A sample's weight is the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leaf = placeOf.get(id);
    if (!leaf) return;
    add(self, leaf.part, us);
    if (leaf.part.startsWith('idle')) return;
    busy += us;
    add(stages, stageOf(id), us);
    const parts = new Set<string>();
    const fns = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const p = placeOf.get(n);
      if (!p || !byId.has(n)) continue;
      parts.add(p.part);
      if (p.own) fns.add(p.own);
    }
    for (const p of parts) add(inclusive, p, us);
    for (const f of fns) add(own, f, us);
  });
  const perRequest = (map: Map<string, number>) =>
    [...map.entries()]
      .map(([k, us]) => [k, us / requests] as [string, number])
      .sort((a, b) => b[1] - a[1]);
  return {
    self: perRequest(self).filter(([part]) => !part.startsWith('idle')),
    inclusive: perRequest(inclusive),
    ownFunctions: perRequest(own),
    stages: perRequest(stages),
    busyUs: busy / requests,
  };
}
