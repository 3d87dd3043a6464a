// The OmegaPay keypad calls (spec section 7, 'Keypad'). Amounts are decimal strings: USD with
// up to 2 decimals, coins with up to 8; the server keeps integer minor units.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';

const Phone = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^\\+?\\d+$',
  errorMessage: {
    minLength: 'phone is required',
    maxLength: 'phone must be at most 16 characters',
    pattern: "phone may contain only digits and a leading '+'",
  },
});
const FourDigits = (name: string) =>
  Type.String({
    pattern: '^\\d{4}$',
    errorMessage: { pattern: `${name} must be exactly 4 digits` },
  });

export const OtpRequest = Type.Object({ phone: Phone });
export const OtpResponse = Type.Object({
  sent: Type.Literal(true),
  expiresAt: Timestamp,
  /** Only in demo mode, so the simulator can show it; a real deployment sends an SMS. */
  demoOtp: Nullable(Type.String()),
});

export const WalletLoginBody = Type.Object({
  phone: Phone,
  otp: FourDigits('otp'),
  pin: FourDigits('pin'),
});

export const Balances = Type.Record(Type.String(), Type.String());
export type Balances = Static<typeof Balances>;

const TRANSACTION_TYPES = ['Purchase', 'Transfer', 'Send-to-Phone'] as const;
type TransactionType = (typeof TRANSACTION_TYPES)[number];

const TxType = Type.Unsafe<TransactionType>({
  type: 'string',
  enum: [...TRANSACTION_TYPES],
  errorMessage: { enum: "type must be 'Purchase', 'Transfer' or 'Send-to-Phone'" },
});

/** A keypad flow the wallet's plan does not include, and the cheapest plan that does. */
export const LockedFlowSchema = Type.Object({
  type: TxType,
  feature: Type.String(),
  plan: Nullable(Type.String()),
});

export const WalletLoginResponse = Type.Object({
  token: Type.String(),
  phone: Type.String(),
  firstSignIn: Type.Boolean(),
  balances: Balances,
  /** Flows refused for this wallet: its owner's plan (or Free, with no owner) lacks them. */
  locked: Type.Array(LockedFlowSchema),
});

/**
 * A refused wallet sign-in. When the PIN was checked, the answer also carries the wallet's
 * count of wrong PINs, so the keypad can show it as n/3 without reading the message.
 */
export const WalletLoginError = Type.Object({
  message: Type.String({ description: 'What went wrong, readable by a person' }),
  error: Type.Optional(
    Type.String({
      description:
        "The same text as `message`: the field the specification's keypad client reads (spec section 7)",
    }),
  ),
  failedPins: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Wrong PINs so far; maxPins when locked' }),
  ),
  maxPins: Type.Optional(Type.Integer({ minimum: 1, description: 'Wrong PINs that lock' })),
});
export type WalletLoginError = Static<typeof WalletLoginError>;

export const BalanceResponse = Type.Object({
  phone: Type.String(),
  balances: Balances,
  rates: Balances,
});

const CoinSchema = Type.Unsafe<'USDC' | 'BTC'>({
  type: 'string',
  enum: ['USDC', 'BTC'],
  errorMessage: { enum: "coin must be 'USDC' or 'BTC'" },
});

export const TransactionBody = Type.Object({
  type: TxType,
  coin: CoinSchema,
  amount: Type.String({
    pattern: '^\\d{1,15}(\\.\\d{1,8})?$',
    errorMessage: { pattern: 'amount must be a positive decimal number with up to 8 decimals' },
  }),
  to: Type.Optional(Type.String({ maxLength: 64 })),
  idempotencyKey: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    errorMessage: { minLength: 'idempotencyKey must be 8 to 64 letters, digits, _ or -' },
  }),
  // The spec's client also sends these; the server decides status, time and wallet itself.
  success: Type.Optional(Type.Boolean()),
  timestamp: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  userId: Type.Optional(Type.Union([Type.String(), Type.Number()])),
});
export type TransactionBody = Static<typeof TransactionBody>;

export const UssdTransactionSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  coin: Type.String(),
  amount: Type.String(),
  destination: Type.String(),
  timestamp: Timestamp,
  status: Type.Unsafe<'success' | 'failure'>({ type: 'string', enum: ['success', 'failure'] }),
  reference: Type.String(),
  /** What the buyer received, for purchases. */
  received: Nullable(Type.String()),
  message: Nullable(Type.String()),
});
export type UssdTransaction = Static<typeof UssdTransactionSchema>;

export const TransactionResponse = Type.Object({
  transaction: UssdTransactionSchema,
  balances: Balances,
});

export const TransactionsResponse = Type.Object({
  status: Type.Literal('ok'),
  transactions: Type.Array(UssdTransactionSchema),
});

/** The USSD aggregator's callback (form-encoded). `text` holds every reply so far, joined by '*'. */
export const GatewayBody = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100 }),
  serviceCode: Type.String({ maxLength: 32 }),
  phoneNumber: Type.String({ minLength: 1, maxLength: 20 }),
  networkCode: Type.Optional(Type.String({ maxLength: 16 })),
  text: Type.String({ maxLength: 2000, default: '' }),
});
export type GatewayBody = Static<typeof GatewayBody>;
