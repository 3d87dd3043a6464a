// Profiles the API's hot paths (not part of `pnpm bench`): for each scenario a fresh production
// server (pinned like the benchmarks) is warmed up, then V8's sampling profiler (what
// `node --cpu-prof` uses, at 100 µs) records a measured run of autocannon, and the profile is
// summarised in microseconds per request: self time by part, and inclusive time of the API's
// own functions (each hook with what it calls). The .cpuprofile files are kept for a flame
// graph (Chrome DevTools, speedscope). BENCH_LOG_LEVEL picks the log level (default info);
// BENCH_PROFILE_DATABASE=postgres runs on PostgreSQL instead of SQLite.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_URL } from './lib/databases.js';
import { LoadGenerator, type LoadSpec } from './lib/load.js';
import { machine } from './lib/measure.js';
import {
  assertBuilt,
  changePlan,
  currentPlan,
  register,
  saveCard,
  startOmega,
  walletToken,
} from './lib/omega.js';
import { placement } from './lib/placement.js';
import { summarize } from './lib/profile-report.js';
import type { ServerProcess } from './lib/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const OUT = process.env.BENCH_PROFILE_DIR ?? join(tmpdir(), `omega-profiles-${Date.now()}`);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const ONLY = process.env.BENCH_PROFILE_ONLY?.split(',');
/** BENCH_PROFILE_DATABASE=postgres profiles on a fresh PostgreSQL database per case (PG_URL's server). */
const ON_POSTGRES = process.env.BENCH_PROFILE_DATABASE === 'postgres';

/** A fresh database on PG_URL's server, and how to drop it. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `omega_profile_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

interface Case {
  name: string;
  connections: number;
  status: number;
  spec: (server: ServerProcess) => Promise<Omit<LoadSpec, 'duration' | 'connections'>>;
  /** Puts the server's data back where a run starts (after the warm-up). */
  reset?: (server: ServerProcess) => Promise<void>;
}

/** The accounts the plan-change case switches between Pro and Starter. */
const changers: string[] = [];

const CASES: Case[] = [
  {
    name: 'user-signed-in',
    connections: 50,
    status: 200,
    spec: async (s) => ({
      url: `${s.url}/api/user`,
      headers: { cookie: await register(s, 'profiled') },
    }),
  },
  {
    name: 'user-signed-out-401',
    connections: 50,
    status: 401,
    spec: async (s) => ({ url: `${s.url}/api/user` }),
  },
  {
    name: 'keypad-balance',
    connections: 50,
    status: 200,
    spec: async (s) => ({
      url: `${s.url}/api/ussd/balance`,
      headers: { authorization: `Bearer ${await walletToken(s, '+27825550100')}` },
    }),
  },
  {
    name: 'keypad-transfer',
    connections: 16,
    status: 200,
    spec: async (s) => {
      const tokens: string[] = [];
      for (let i = 0; i < 16; i++) {
        const cookie = await register(s, `profiled-${i}`);
        await saveCard(s, cookie);
        await changePlan(s, cookie, 'pro');
        tokens.push(await walletToken(s, `+2782555${1000 + i}`, cookie));
      }
      return {
        url: `${s.url}/api/ussd/transaction`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        perConnectionHeaders: tokens.map((t) => ({ authorization: `Bearer ${t}` })),
        body: JSON.stringify({
          type: 'Transfer',
          coin: 'USDC',
          amount: '0.01',
          to: 'bench-external-wallet',
          idempotencyKey: 'KEY',
        }),
        uniquePlaceholder: 'KEY',
      };
    },
  },
  {
    // Back and forth between Pro and Starter in the trial, as bench/write-paths.ts measures it.
    name: 'plan-change',
    connections: 16,
    status: 200,
    spec: async (s) => {
      for (let i = 0; i < 16; i++) {
        const cookie = await register(s, `profiled-changer-${i}`);
        await saveCard(s, cookie);
        await changePlan(s, cookie, 'pro');
        changers.push(cookie);
      }
      return {
        url: `${s.url}/api/subscription/change-plan`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        perConnectionHeaders: changers.map((cookie) => ({ cookie })),
        bodies: ['{"planId":"starter"}', '{"planId":"pro"}'],
      };
    },
    reset: async (s) => {
      for (const cookie of changers) {
        if ((await currentPlan(s, cookie)) !== 'pro') await changePlan(s, cookie, 'pro');
      }
    },
  },
];

const us = (x: number) => x.toFixed(1).padStart(8);

async function main() {
  assertBuilt();
  mkdirSync(OUT, { recursive: true });
  const where = placement();
  const load = await LoadGenerator.start(where.loadPrefix);
  console.log(`Profiles: ${machine()}; ${where.summary}; LOG_LEVEL=${LOG_LEVEL}`);
  console.log(`Figures are microseconds of server CPU per request. Files: ${OUT}\n`);
  try {
    for (const c of CASES.filter((c) => !ONLY || ONLY.includes(c.name))) {
      const dataDir = mkdtempSync(join(tmpdir(), 'omega-profile-'));
      const postgres = ON_POSTGRES ? await freshPostgres() : null;
      const server = await startOmega(c.name, where, {
        dataDir,
        databaseUrl: postgres?.url ?? `sqlite:${dataDir}/bench.db`,
        logLevel: LOG_LEVEL,
      });
      try {
        const spec = await c.spec(server);
        await load.run({ ...spec, duration: 3, connections: c.connections });
        const file = join(OUT, `${c.name}.cpuprofile`);
        await c.reset?.(server);
        await server.startProfile();
        const r = await load.run({ ...spec, duration: SECONDS, connections: c.connections });
        await server.stopProfile(file);
        if ((r.statuses[String(c.status)] ?? 0) !== r.requests) {
          throw new Error(`${c.name}: expected ${c.status}, got ${JSON.stringify(r.statuses)}`);
        }
        const summary = summarize(file, r.requests);
        console.log(
          `== ${c.name}: ${Math.round(r.rps)} req/s, ${summary.busyUs.toFixed(1)} µs of CPU per request in the profile (${file})`,
        );
        console.log('  by stage (each hook with what it calls, not the hooks run after it):');
        for (const [stage, t] of summary.stages.slice(0, TOP)) console.log(`  ${us(t)}  ${stage}`);
        console.log('  self time by part:');
        for (const [part, t] of summary.self.slice(0, TOP)) console.log(`  ${us(t)}  ${part}`);
        console.log('  inclusive time by part (a part and everything it called):');
        for (const [part, t] of summary.inclusive.slice(0, TOP)) console.log(`  ${us(t)}  ${part}`);
        console.log("  inclusive time of the API's own functions:");
        for (const [fn, t] of summary.ownFunctions.slice(0, TOP)) console.log(`  ${us(t)}  ${fn}`);
        console.log('');
      } finally {
        await server.stop();
        await postgres?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    load.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
