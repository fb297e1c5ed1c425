/**
 * Buying courses, one file per concern, wired here on one database, clock and payment provider:
 * - commerce-coupons.ts   promo codes: lookup (any case, Arabic-Indic digits), window, limits
 * - commerce-pricing.ts   the cart's quote, the code check, the plan a purchase is charged for
 * - commerce-purchase.ts  enroll-multiple: idempotent, crash-safe, one charge and one order per key
 * - commerce-invoices.ts  gapless yearly invoice numbers, her invoices, the PDF's document
 * Payments go through server/payments/provider.ts (the sandbox by default). Every time comes from
 * the injected clock.
 */
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { createInvoices } from './commerce-invoices.ts';
import { createPricing } from './commerce-pricing.ts';
import { createPurchases } from './commerce-purchase.ts';
import { type CatalogueCache, createCatalogue } from './learning-catalogue.ts';

export function createCommerce({
  database,
  clock,
  provider,
  catalogue = createCatalogue(database.db),
}: {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  /** The learning domain's catalogue cache (shared, so a content change is seen by both at once). */
  catalogue?: CatalogueCache;
}) {
  const pricing = createPricing({ db: database.db, clock, catalogue });
  return {
    pricing,
    ...createPurchases({ database, clock, provider, pricing }),
    invoices: createInvoices({ db: database.db }),
  };
}
export type Commerce = ReturnType<typeof createCommerce>;
