/**
 * The sandbox provider's rows as the provider interface reads them (sandbox.ts): what a test card
 * does when charged, a charge row's result and record, a challenge as the member sees it.
 */
import { randomBytes } from 'node:crypto';
import type { Challenge } from '../../contract/commerce.ts';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import type { sandboxCharges } from '../db/schema.ts';
import type { ChargeRecord, ChargeResult } from './provider.ts';

/** What charging a saved card does (a column of sandbox_payment_methods). */
export type SandboxOutcome =
  | 'succeed'
  | 'card_declined'
  | 'insufficient_funds'
  | 'challenge'
  | 'processing_error';

export const OUTCOME_OF_TEST_CARD: Record<string, SandboxOutcome> = {
  [SANDBOX_TEST_CARDS.success]: 'succeed',
  [SANDBOX_TEST_CARDS.successMastercard]: 'succeed',
  [SANDBOX_TEST_CARDS.declined]: 'card_declined',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_TEST_CARDS.challenge]: 'challenge',
  [SANDBOX_TEST_CARDS.processingError]: 'processing_error',
};

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type ChargeRow = typeof sandboxCharges.$inferSelect;

export function resultOf(row: ChargeRow): ChargeResult {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', chargeId: row.id, brand: row.brand, last4: row.last4 };
    case 'requires_action':
      return { status: 'requires_action', chargeId: row.id, challengeId: row.challengeId! };
    case 'declined':
      return {
        status: 'declined',
        chargeId: row.id,
        reason: row.declineReason as 'card_declined' | 'insufficient_funds' | 'challenge_failed',
      };
    default:
      return { status: 'failed', chargeId: row.id, reason: 'processing_error' };
  }
}

export function recordOf(row: ChargeRow): ChargeRecord {
  return {
    chargeId: row.id,
    idempotencyKey: row.idempotencyKey,
    memberId: row.userId,
    paymentMethodId: row.paymentMethodId,
    amount: row.amount,
    refunded: row.refunded,
    status: resultOf(row).status,
    createdAt: row.createdAt,
  };
}

export function challengeView(row: ChargeRow): Challenge {
  return {
    id: row.challengeId!,
    status: row.challengeStatus as Challenge['status'],
    amount: row.amount,
    currency: 'USD',
    brand: row.brand,
    last4: row.last4,
  };
}
