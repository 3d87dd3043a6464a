// The OmegaPay keypad: wallet sign-in, balances and transactions, and the USSD gateway.
import { Type } from '@sinclair/typebox';
import { ErrorResponse } from '../common.js';
import {
  BalanceResponse,
  GatewayBody,
  OtpRequest,
  OtpResponse,
  TransactionBody,
  TransactionResponse,
  TransactionsResponse,
  WalletLoginBody,
  WalletLoginError,
  WalletLoginResponse,
} from '../keypad.js';
import { route } from './define.js';

export const keypadRoutes = {
  ussdOtp: route({
    method: 'POST',
    url: '/api/ussd/otp',
    access: 'public',
    summary: 'Send a 4-digit OTP to a phone (valid 5 minutes, 3 tries); demo mode returns it',
    tags: ['keypad'],
    schema: {
      body: OtpRequest,
      response: { 200: OtpResponse, 429: ErrorResponse, 503: ErrorResponse },
    },
  }),
  ussdLogin: route({
    method: 'POST',
    url: '/api/ussd/login',
    access: 'public',
    summary: 'Sign a wallet in with phone, OTP and PIN (the first sign-in sets the PIN)',
    description:
      'Signed in to an account as well (the session cookie), the wallet becomes that account’s ' +
      'if it has no account yet; its plan then decides the keypad flows (`locked`).',
    tags: ['keypad'],
    schema: {
      body: WalletLoginBody,
      // Every refusal carries `error` beside `message` (the spec's keypad client reads `error`).
      response: {
        200: WalletLoginResponse,
        400: WalletLoginError,
        401: WalletLoginError,
        423: WalletLoginError,
        429: WalletLoginError,
      },
    },
  }),
  ussdBalance: route({
    method: 'GET',
    url: '/api/ussd/balance',
    access: 'wallet',
    summary: "The signed-in wallet's balances, from its ledger",
    tags: ['keypad'],
    schema: { response: { 200: BalanceResponse } },
  }),
  ussdTransaction: route({
    method: 'POST',
    url: '/api/ussd/transaction',
    access: 'wallet',
    summary:
      'Buy, transfer or send to a phone; the same idempotency key twice records one transaction',
    description:
      "Refused with 403 when the wallet's plan lacks the flow: a wallet takes the plan of the " +
      'account it was first signed in from (the keypad sends the session cookie), or Free.',
    tags: ['keypad'],
    schema: {
      body: TransactionBody,
      response: { 200: TransactionResponse, 403: ErrorResponse, 422: ErrorResponse },
    },
  }),
  ussdTransactions: route({
    method: 'GET',
    url: '/api/ussd/transactions',
    access: 'wallet',
    summary: "The signed-in wallet's transactions, newest first",
    tags: ['keypad'],
    schema: { response: { 200: TransactionsResponse } },
  }),
  ussdGateway: route({
    method: 'POST',
    url: '/api/ussd/gateway',
    access: 'gateway',
    bodyType: 'form',
    summary:
      "USSD aggregator callback: answers text/plain 'CON …' or 'END …' from the same keypad menu",
    description:
      'Only the aggregator may call it: send the shared secret OMEGA_USSD_GATEWAY_SECRET as the ' +
      'password of HTTP Basic auth (any user name) or in the X-Omega-Gateway-Secret header, from ' +
      'an address in OMEGA_USSD_GATEWAY_CIDRS when that is set. Without the secret configured the ' +
      'gateway is off (404). A callback repeated with the same sessionId and text gets the same ' +
      'answer and changes nothing; after END the session is closed.',
    tags: ['keypad'],
    schema: {
      body: GatewayBody,
      response: {
        200: Type.String(),
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
      },
    },
  }),
} as const;
