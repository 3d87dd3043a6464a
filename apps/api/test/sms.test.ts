// OTPs that reach a real phone: each SMS provider against a local fake of its HTTP API that
// checks the exact request and plays its error answers, then the keypad API with demo mode off
// on each database — the code arrives by SMS, a failed send is a 503, and no log line holds it.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsConfig } from '../src/config/config.js';
import { AfricasTalkingSender } from '../src/services/sms/africas-talking.js';
import { createSmsSender } from '../src/services/sms/create-sms-sender.js';
import { SmsSendError } from '../src/services/sms/sms-sender.js';
import { TwilioSender } from '../src/services/sms/twilio.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  form: Record<string, string>;
}

type Answer = (req: Received, res: ServerResponse) => void;

/** A provider's API on 127.0.0.1: records each request and answers with `answer`. */
class FakeProvider {
  readonly received: Received[] = [];
  answer: Answer = (_req, res) => res.writeHead(500).end();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      this.received.push(received);
      this.answer(received, res);
    });
  });

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}

const json = (status: number, body: unknown) => (_req: Received, res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const text = (status: number, body: string) => (_req: Received, res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
/** Never answers: the sender's timeout has to end the wait. */
const hang = () => {};

const AT_SENT = json(201, {
  SMSMessageData: {
    Message: 'Sent to 1/1 Total Cost: KES 0.8000',
    Recipients: [
      {
        statusCode: 101,
        number: '+27821234567',
        status: 'Success',
        cost: 'KES 0.8000',
        messageId: 'ATXid_1',
      },
    ],
  },
});
const AT_INVALID_PHONE = json(201, {
  SMSMessageData: {
    Message: 'Sent to 0/1 Total Cost: 0',
    Recipients: [
      { statusCode: 403, number: '+27821234567', status: 'InvalidPhoneNumber', cost: '0' },
    ],
  },
});
const AT_BAD_KEY = text(401, 'The supplied authentication is invalid');

const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-auth-token-for-tests';
const TWILIO_SENT = json(201, {
  sid: `SM${'0'.repeat(32)}`,
  status: 'queued',
  to: '+27821234567',
  error_code: null,
  error_message: null,
});
const TWILIO_BAD_TO = json(400, {
  code: 21211,
  message: "The 'To' number +27821234567 is not a valid phone number.",
  more_info: 'https://www.twilio.com/docs/errors/21211',
  status: 400,
});
const TWILIO_BAD_AUTH = json(401, {
  code: 20003,
  message: 'Authenticate',
  more_info: 'https://www.twilio.com/docs/errors/20003',
  status: 401,
});

const MESSAGE = 'Your OmegaPay code is 4821. It expires in 5 minutes.';

/**
 * Where a log holds the code as a number of its own, with the text around it (for the failure
 * message); undefined when it does not. Lines are pino JSON, and one write may carry several
 * (the access log writes a turn's lines together), so chunks are split first. The fields that
 * hold unrelated numbers (time, pid, host, durations, the request's UUID) are dropped so a code
 * such as 2026 is not found in a timestamp, nor 4821 in '…-a4821b…'; so are a stack frame's
 * line and column ('index.js:1234:17') and numbers inside a word or identifier, since a CI run
 * once found a fresh random code in a log that, by every other test, never holds one.
 */
function codeInLog(chunks: string[], code: string): string | undefined {
  const content = chunks
    .flatMap((chunk) => chunk.split('\n'))
    .filter(Boolean)
    .map((line) => {
      try {
        const { time, pid, hostname, responseTime, reqId, ...rest } = JSON.parse(line);
        return JSON.stringify(rest);
      } catch {
        return line;
      }
    })
    .join('\n')
    .replace(/:\d+:\d+/g, ':<line>:<column>');
  // Not part of a word, a longer number or a decimal (12.3456), but a code that ends a sentence
  // counts.
  const found = new RegExp(`(?<![\\p{L}\\p{N}]|\\d\\.)${code}(?![\\p{L}\\p{N}]|\\.\\d)`, 'u').exec(
    content,
  );
  return found ? content.slice(Math.max(0, found.index - 60), found.index + 64) : undefined;
}

async function failureOf(send: Promise<void>): Promise<SmsSendError> {
  const err = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe("Africa's Talking sender", () => {
  const fake = new FakeProvider();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received.length = 0;
  });
  const sender = (from?: string, timeoutMs = 2000) =>
    new AfricasTalkingSender({
      username: 'omega',
      apiKey: 'at-api-key-for-tests',
      from,
      baseUrl: fake.url,
      timeoutMs,
    });

  it('posts the form to /version1/messaging with the apiKey header and asks for JSON', async () => {
    fake.answer = AT_SENT;
    await sender('OMEGAPAY').send('+27821234567', MESSAGE);
    expect(fake.received).toHaveLength(1);
    const req = fake.received[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/version1/messaging');
    expect(req?.headers.apikey).toBe('at-api-key-for-tests');
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.form).toEqual({
      username: 'omega',
      to: '+27821234567',
      message: MESSAGE,
      from: 'OMEGAPAY',
    });
  });

  it('leaves `from` out when no sender id is set (the account default is used)', async () => {
    fake.answer = AT_SENT;
    await sender().send('+27821234567', MESSAGE);
    expect(fake.received[0]?.form).toEqual({
      username: 'omega',
      to: '+27821234567',
      message: MESSAGE,
    });
  });

  it.each([
    ['a refused recipient (InvalidPhoneNumber, 403)', AT_INVALID_PHONE, /InvalidPhoneNumber.*403/],
    ['a wrong API key (401)', AT_BAD_KEY, /HTTP 401: The supplied authentication is invalid/],
    [
      'a refused request with no recipient (InvalidSenderId)',
      json(201, { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } }),
      /no recipient accepted: InvalidSenderId/,
    ],
    ['a server error (500)', text(500, 'Internal Server Error'), /HTTP 500/],
    ['an answer that is not its JSON', text(200, '<html>proxy</html>'), /without SMSMessageData/],
  ])('fails on %s, without quoting the code', async (_what, answer, reason) => {
    fake.answer = answer;
    const err = await failureOf(sender().send('+27821234567', MESSAGE));
    expect(err.provider).toBe('africastalking');
    expect(err.message).toMatch(reason);
    expect(err.message).not.toContain('4821');
  });

  it('gives up when the API does not answer within the timeout', async () => {
    fake.answer = hang;
    const started = Date.now();
    const err = await failureOf(sender(undefined, 300).send('+27821234567', MESSAGE));
    expect(err.message).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await new FakeProvider().start();
    const url = closed.url;
    await closed.close();
    const err = await failureOf(
      new AfricasTalkingSender({
        username: 'omega',
        apiKey: 'at-api-key-for-tests',
        from: undefined,
        baseUrl: url,
        timeoutMs: 2000,
      }).send('+27821234567', MESSAGE),
    );
    expect(err.message).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });
});

describe('Twilio sender', () => {
  const fake = new FakeProvider();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received.length = 0;
  });
  const sender = (from = '+14155550100', timeoutMs = 2000) =>
    new TwilioSender({ accountSid: SID, authToken: TOKEN, from, baseUrl: fake.url, timeoutMs });

  it("posts To, From and Body to the account's Messages.json with HTTP Basic auth", async () => {
    fake.answer = TWILIO_SENT;
    await sender().send('+27821234567', MESSAGE);
    expect(fake.received).toHaveLength(1);
    const req = fake.received[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.form).toEqual({ To: '+27821234567', From: '+14155550100', Body: MESSAGE });
  });

  it('names a Messaging Service by MessagingServiceSid instead of From', async () => {
    fake.answer = TWILIO_SENT;
    const service = `MG${'b2'.repeat(16)}`;
    await sender(service).send('+27821234567', MESSAGE);
    expect(fake.received[0]?.form).toEqual({
      To: '+27821234567',
      MessagingServiceSid: service,
      Body: MESSAGE,
    });
  });

  it.each([
    ["an invalid 'To' number (400, 21211)", TWILIO_BAD_TO, /HTTP 400: error 21211 The 'To' number/],
    ['wrong credentials (401, 20003)', TWILIO_BAD_AUTH, /HTTP 401: error 20003 Authenticate/],
    ['a server error (500)', text(500, 'upstream failure'), /HTTP 500: upstream failure/],
    ['a 201 without a message sid', json(201, {}), /without a message sid/],
  ])('fails on %s, without quoting the code', async (_what, answer, reason) => {
    fake.answer = answer;
    const err = await failureOf(sender().send('+27821234567', MESSAGE));
    expect(err.provider).toBe('twilio');
    expect(err.message).toMatch(reason);
    expect(err.message).not.toContain('4821');
  });

  it('gives up when the API does not answer within the timeout', async () => {
    fake.answer = hang;
    const err = await failureOf(sender(undefined, 300).send('+27821234567', MESSAGE));
    expect(err.message).toMatch(/no answer within 300 ms/);
  });
});

/** A pino logger at every level whose lines are kept as text. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: pino({ level: 'trace' }, stream), lines };
}

describe('the sender built from configuration', () => {
  const fake = new FakeProvider();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it('logs a failed send as a warning with the provider answer, never with the code', async () => {
    // A provider that quotes the request back in its error must not carry the code into a log.
    fake.answer = (req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 21617, message: `Body rejected: ${req.form.Body}` }));
    const { log, lines } = capturingLogger();
    const sms = createSmsSender(
      {
        provider: 'twilio',
        accountSid: SID,
        authToken: TOKEN,
        from: '+14155550100',
        baseUrl: fake.url,
        timeoutMs: 2000,
      },
      log,
    );
    const err = await failureOf(sms.send('+27821234567', MESSAGE, null));
    expect(err.message).not.toContain('4821');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({ level: 40, source: 'sms', provider: 'twilio', status: 400 });
    expect(line.msg).toMatch(/SMS not sent to \+278…67: twilio: HTTP 400: error 21617/);
    expect(codeInLog(lines, '4821')).toBeUndefined();
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('fails every send when demo mode is off and no provider is configured', async () => {
    const { log, lines } = capturingLogger();
    const err = await failureOf(createSmsSender(null, log).send('+27821234567', MESSAGE, null));
    expect(err.message).toMatch(/no SMS provider is configured \(OMEGA_SMS_PROVIDER\)/);
    expect(lines).toHaveLength(1);
  });
});

const PHONE = '0821234567';
const INTL = '+27821234567';
const CODE_IN_SMS = /^Your OmegaPay code is (\d{4})\. It expires in 5 minutes\.$/;
const UNSENT = 'The code could not be sent by SMS right now. Try again in a minute.';

describeEachDatabase('keypad OTPs by SMS (demo mode off)', (database) => {
  const fake = new FakeProvider();
  let t: TestApp;
  /** Every line the app's logger writes, at every level, as pino's JSON. */
  let logLines: string[];
  /** The last system_logs row written while the app started, before any code existed. */
  let startedAt = 0;
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  async function start(sms: SmsConfig) {
    fake.received.length = 0;
    t = await createTestApp(database, { keypadDemo: false, sms });
    logLines = [];
    const multistream = (t.app.log as unknown as Record<symbol, pino.MultiStreamRes>)[
      pino.symbols.streamSym
    ];
    multistream?.add({
      level: 'trace',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    t.app.log.level = 'trace';
    // Start-up writes rows such as 'migration 0004-admin-console: Success': a random code can be
    // 0004, and nothing written before the code existed can leak it.
    await t.app.systemLogs.flush();
    const last = await t.app.database.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    startedAt = Number(last?.id ?? 0);
  }
  afterEach(() => t?.close());

  const atConfig = (): SmsConfig => ({
    provider: 'africastalking',
    username: 'sandbox',
    apiKey: 'at-api-key-for-tests',
    from: undefined,
    baseUrl: fake.url,
    timeoutMs: 500,
  });
  const twilioConfig = (): SmsConfig => ({
    provider: 'twilio',
    accountSid: SID,
    authToken: TOKEN,
    from: '+14155550100',
    baseUrl: fake.url,
    timeoutMs: 500,
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  /** The code in the last SMS the fake provider received. */
  function lastCode(): string {
    const last = fake.received.at(-1);
    const message = last?.form.message ?? last?.form.Body ?? '';
    const code = CODE_IN_SMS.exec(message)?.[1];
    expect(code, message).toMatch(/^\d{4}$/);
    return code ?? '';
  }

  /** The logger's lines and the system_logs rows' text, since the app started. */
  async function everyLogLine(): Promise<string[]> {
    await t.app.systemLogs.flush();
    const rows = await t.app.database.db
      .selectFrom('system_logs')
      .select(['source', 'message', 'stack_trace'])
      .where('id', '>', startedAt)
      .execute();
    return [...logLines, ...rows.map((r) => JSON.stringify(r))];
  }

  it.each([
    ["Africa's Talking", atConfig, AT_SENT, 'to'],
    ['Twilio', twilioConfig, TWILIO_SENT, 'To'],
  ] as const)(
    'sends the OTP through %s; the code it carried signs the wallet in',
    async (_name, config, answer, toField) => {
      await start(config());
      fake.answer = answer;
      const res = await post('/api/ussd/otp', { phone: PHONE });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().demoOtp).toBeNull();
      expect(fake.received).toHaveLength(1);
      expect(fake.received[0]?.form[toField]).toBe(INTL);
      const code = lastCode();
      expect(Object.values(res.json())).not.toContain(code);

      const login = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ phone: INTL, firstSignIn: true });
    },
  );

  it.each([
    ["Africa's Talking refusing the number", atConfig, AT_INVALID_PHONE],
    ["Africa's Talking refusing the key", atConfig, AT_BAD_KEY],
    ["Africa's Talking not answering", atConfig, hang],
    ['Twilio refusing the number', twilioConfig, TWILIO_BAD_TO],
    ['Twilio failing', twilioConfig, text(500, 'upstream failure')],
  ] as const)(
    'answers 503 with Retry-After when the SMS fails (%s), stores no code and logs none',
    async (_name, config, answer) => {
      await start(config());
      fake.answer = answer;
      const res = await post('/api/ussd/otp', { phone: PHONE });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({ message: UNSENT });

      // The code went out in the request, but the phone never got it: nothing can use it.
      const code = lastCode();
      expect(res.body).not.toContain(code);
      const stored = await t.app.database.db
        .selectFrom('wallet_otps')
        .selectAll()
        .where('phone', '=', INTL)
        .execute();
      expect(stored).toEqual([]);
      const login = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
      expect(login.statusCode).toBe(401);

      const logged = await everyLogLine();
      expect(logged.join('\n')).toMatch(/SMS not sent to \+278…67/);
      expect(codeInLog(logged, code)).toBeUndefined();
      expect(logged.join('\n')).not.toContain(TOKEN);
      expect(logged.join('\n')).not.toContain('at-api-key-for-tests');
    },
  );

  it("reads for a leak what was logged after start-up, when a code could exist (a random code can be 0004, start-up's 'migration 0004-admin-console')", async () => {
    await start(atConfig());
    fake.answer = AT_INVALID_PHONE;
    expect((await post('/api/ussd/otp', { phone: PHONE })).statusCode).toBe(503);
    const logged = await everyLogLine();
    expect(codeInLog(logged, '0004')).toBeUndefined();
    // The system_logs rows written since are read: the failed send's row is among them.
    expect(logged.filter((line) => line.startsWith('{"source"')).join('\n')).toMatch(
      /SMS not sent to \+278…67/,
    );
  });

  it('keeps the last delivered code usable when sending a new one fails', async () => {
    await start(atConfig());
    fake.answer = AT_SENT;
    expect((await post('/api/ussd/otp', { phone: PHONE })).statusCode).toBe(200);
    const delivered = lastCode();
    const before = await t.app.database.db.selectFrom('wallet_otps').selectAll().execute();

    fake.answer = AT_BAD_KEY;
    expect((await post('/api/ussd/otp', { phone: PHONE })).statusCode).toBe(503);
    const unsent = lastCode();
    expect(await t.app.database.db.selectFrom('wallet_otps').selectAll().execute()).toEqual(before);
    if (unsent !== delivered) {
      const wrong = await post('/api/ussd/login', { phone: PHONE, otp: unsent, pin: '2468' });
      expect(wrong.statusCode).toBe(401);
    }
    const login = await post('/api/ussd/login', { phone: PHONE, otp: delivered, pin: '2468' });
    expect(login.statusCode, login.body).toBe(200);
    expect(codeInLog(await everyLogLine(), unsent)).toBeUndefined();
    expect(codeInLog(await everyLogLine(), delivered)).toBeUndefined();
  });
});
