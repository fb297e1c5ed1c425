import { describe, expect, it } from 'vitest';
import { safeNext } from '../../src/app/layouts/dashboard-nav';

/** Where sign-in may send her back to (?next=): a path on this origin, nothing else. */
describe('safeNext', () => {
  it('keeps paths on this origin, with their query', () => {
    expect(safeNext('/checkout')).toBe('/checkout');
    expect(safeNext('/dashboard/invoices?page=2')).toBe('/dashboard/invoices?page=2');
    expect(safeNext('/courses/menopause-care#content')).toBe('/courses/menopause-care#content');
  });

  it('refuses other hosts, schemes, backslashes and control characters', () => {
    for (const next of [
      null,
      undefined,
      '',
      'checkout',
      'https://evil.example/checkout',
      '//evil.example/checkout',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ])
      expect(safeNext(next)).toBeNull();
  });
});
