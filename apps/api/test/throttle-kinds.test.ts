// Each kind of attempt has its own throttle: password sign-in, wallet sign-in and OTP requests
// count against separate limits, so ordinary keypad use from an office never closes password
// sign-in from it. Runs with counters in memory and, when OMEGA_TEST_REDIS_URL is set, in Redis.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const redisUrl = process.env.OMEGA_TEST_REDIS_URL;

for (const store of redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const)) {
  describeEachDatabase(`throttles per kind of attempt (${store})`, (database) => {
    let t: TestApp;
    beforeEach(async () => {
      // Counting, not Redis's timeout (see throttle.test.ts): a starved machine's Redis may be slow.
      t = await createTestApp(
        database,
        store === 'redis' ? { redisUrl, redisTimeoutMs: 10_000 } : {},
      );
    });
    afterEach(() => t.close());

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const login = (username: string, password: string) =>
      post('/api/login', { username, password });
    const requestOtp = (phone: string) => post('/api/ussd/otp', { phone });

    /** Password sign-in from this address is open: a wrong password is 401, the right one 200. */
    async function expectPasswordSignInOpen() {
      await createUser(t.app, 'clerk');
      expect((await login('clerk', 'wrong-password')).statusCode).toBe(401);
      expect((await login('clerk', TEST_PASSWORD)).statusCode).toBe(200);
    }

    it('leaves password sign-in open after 50 successful wallet sign-ins from one address', async () => {
      for (let i = 0; i < 50; i++) {
        // Five phones, ten sign-ins each: more than either OTP limit allows without sign-ins.
        const phone = `+2782000000${i % 5}`;
        const otp = await requestOtp(phone);
        expect(otp.statusCode, `OTP request ${i + 1}: ${otp.body}`).toBe(200);
        const res = await post('/api/ussd/login', { phone, otp: otp.json().demoOtp, pin: '2468' });
        expect(res.statusCode, `wallet sign-in ${i + 1}: ${res.body}`).toBe(200);
      }
      await expectPasswordSignInOpen();
    });

    it('counts wrong wallet sign-ins apart from wrong passwords', async () => {
      for (let i = 0; i < 10; i++) {
        const phone = `+2783000000${i}`;
        const otp = await requestOtp(phone);
        expect(otp.statusCode).toBe(200);
        const wrong = otp.json().demoOtp === '0000' ? '1111' : '0000';
        const res = await post('/api/ussd/login', { phone, otp: wrong, pin: '2468' });
        expect(res.statusCode).toBe(401);
      }
      const eleventh = await post('/api/ussd/login', {
        phone: '+27830000000',
        otp: '0000',
        pin: '2468',
      });
      expect(eleventh.statusCode).toBe(429);
      await expectPasswordSignInOpen();
    });

    it('allows 5 OTP requests per phone in 15 minutes, however the number is written', async () => {
      for (const phone of [
        '0821234567',
        '+27821234567',
        '0821234567',
        '27821234567',
        '+27821234567',
      ]) {
        expect((await requestOtp(phone)).statusCode).toBe(200);
      }
      const sixth = await requestOtp('0821234567');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBe(String(15 * 60));
      // Another phone from the same address is still served.
      expect((await requestOtp('0827654321')).statusCode).toBe(200);
      await expectPasswordSignInOpen();
      t.advance(15 * 60_000);
      expect((await requestOtp('0821234567')).statusCode).toBe(200);
    });

    it('allows 30 OTP requests per address in an hour', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await requestOtp(`+278400000${String(i).padStart(2, '0')}`);
        expect(res.statusCode, `OTP request ${i + 1}`).toBe(200);
      }
      const next = await requestOtp('+27849999999');
      expect(next.statusCode).toBe(429);
      expect(next.headers['retry-after']).toBe(String(60 * 60));
      await expectPasswordSignInOpen();
    });
  });
}
