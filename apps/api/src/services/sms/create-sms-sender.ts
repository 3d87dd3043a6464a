// Builds the SMS sender the configuration names (Africa's Talking or Twilio) and logs every
// failed send as a warning with the provider's answer, never with the message (it holds the OTP),
// under the id of the request that asked for the code (decision 020).
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config/config.js';
import { requestIdField } from '../../lib/request-context.js';
import { AfricasTalkingSender } from './africas-talking.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';
import { TwilioSender } from './twilio.js';

/** Enough of a phone number to tell sends apart in the log, not enough to read it back. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 4)}…${phone.slice(-2)}` : '…';
}

/** A provider's sender that logs its failures, each under the request it was sending for. */
export interface LoggingSmsSender {
  /** As SmsSender.send; a failure is logged with `requestId` (null outside a request). */
  send(phone: string, text: string, requestId: string | null): Promise<void>;
}

/**
 * The configured provider, or, when none is (only reachable by building a Config by hand,
 * since loadConfig refuses demo off without one), a sender that fails every send: an OTP is
 * never silently dropped.
 */
export function createSmsSender(
  config: SmsConfig | null,
  log: Pick<FastifyBaseLogger, 'warn'>,
): LoggingSmsSender {
  const provider = config?.provider ?? 'none';
  const sender: SmsSender =
    config?.provider === 'africastalking'
      ? new AfricasTalkingSender(config)
      : config?.provider === 'twilio'
        ? new TwilioSender(config)
        : {
            send: async () => {
              throw new SmsSendError('none', 'no SMS provider is configured (OMEGA_SMS_PROVIDER)');
            },
          };
  return {
    async send(phone, text, requestId) {
      try {
        await sender.send(phone, text);
      } catch (err) {
        // Anything else (a bug) is reported by name only: its message could quote the text.
        const failure =
          err instanceof SmsSendError
            ? err
            : new SmsSendError(provider, `unexpected ${(err as Error)?.name ?? 'error'}`);
        log.warn(
          {
            source: 'sms',
            provider,
            status: failure.status,
            to: maskPhone(phone),
            ...requestIdField(requestId),
          },
          `SMS not sent to ${maskPhone(phone)}: ${failure.message}`,
        );
        throw failure;
      }
    },
  };
}
