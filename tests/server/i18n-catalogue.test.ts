/**
 * One message catalogue (issue 22, item 8): the server's words come from lang/*.json through
 * `@formatjs/intl`. Every code of the contract has a message in both languages, the plurals are
 * ICU's, and the server's own `server.*` ids never reach the browser's bundles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_CODES, SERVER_ERROR_CODES } from '../../contract/errors.ts';
import { FORM_KINDS } from '../../contract/forms-rules.ts';
import { bookingTitles, expertMail } from '../../server/domain/consultations-texts.ts';
import { mailContent } from '../../server/domain/forms-mail.ts';
import {
  errorMessage,
  errorMessageId,
  fieldMessage,
  fieldMessageId,
  formatWait,
  message,
  plainMessage,
} from '../../server/lib/i18n.ts';
import { MESSAGE_BUNDLES, type MessageBundle, pickMessages } from '../../src/app/message-bundles.ts';

const root = join(import.meta.dirname, '../..');
const read = (l: string) =>
  JSON.parse(readFileSync(join(root, 'lang', `${l}.json`), 'utf8')) as Record<string, string>;
const en = read('en');
const ar = read('ar');
const ARABIC = /[\u0600-\u06FF]/;

describe('the server speaks from the catalogue', () => {
  it('has a message in English and Arabic for every error code of the contract', () => {
    for (const code of SERVER_ERROR_CODES) {
      const { id } = errorMessageId(code);
      expect(en[id], `en ${id} (${code})`).toBeTruthy();
      expect(ar[id], `ar ${id} (${code})`).toBeTruthy();
      const english = errorMessage(code, 'en', { retryAfter: 90 });
      const arabic = errorMessage(code, 'ar', { retryAfter: 90 });
      expect(english).not.toMatch(ARABIC);
      expect(arabic, code).toMatch(ARABIC);
      expect(english).not.toMatch(/[{}]/);
      expect(arabic).not.toMatch(/[{}]/);
    }
  });

  it('has a message in English and Arabic for every field code of the contract', () => {
    for (const code of FIELD_CODES) {
      const { id } = fieldMessageId(code);
      expect(en[id], `en ${id} (${code})`).toBeTruthy();
      expect(ar[id], `ar ${id} (${code})`).toBeTruthy();
      expect(fieldMessage(code, 'en')).not.toMatch(/[{}\u0600-\u06FF]/);
      expect(fieldMessage(code, 'ar'), code).toMatch(ARABIC);
    }
  });

  it('says a word once: where the app already words a code, the server uses the same id', () => {
    expect(errorMessageId('TOO_MANY_ATTEMPTS').id).toBe('errors.locked');
    expect(fieldMessageId('PIN_FORMAT').id).toBe('errors.field.PIN_FORMAT');
    expect(fieldMessage('PIN_FORMAT', 'ar')).toBe(ar['errors.field.PIN_FORMAT']);
    expect(fieldMessage('FILE_TOO_LARGE', 'en')).toContain('5 MB');
    // the server's own words where the app has none
    expect(errorMessageId('VALIDATION_ERROR').id).toBe('server.error.VALIDATION_ERROR');
  });

  it('counts the wait with ICU plurals, in both languages', () => {
    expect(formatWait('en', 1)).toBe('1 second');
    expect(formatWait('en', 45)).toBe('45 seconds');
    expect(formatWait('en', 60)).toBe('1 minute');
    expect(formatWait('en', 61)).toBe('2 minutes');
    expect(formatWait('ar', 1)).toBe('ثانية واحدة');
    expect(formatWait('ar', 2)).toBe('ثانيتين');
    expect(formatWait('ar', 5)).toBe('5 ثوانٍ');
    expect(formatWait('ar', 30)).toBe('30 ثانية');
    expect(formatWait('ar', 120)).toBe('دقيقتين');
    expect(formatWait('ar', 300)).toBe('5 دقائق');
    expect(formatWait('ar', 15 * 60)).toBe('15 دقيقة');
    expect(errorMessage('RATE_LIMITED', 'en', { retryAfter: 300 })).toBe(
      'Too many requests. Please try again in 5 minutes.',
    );
    expect(errorMessage('TOO_MANY_ATTEMPTS', 'ar', { retryAfter: 60 })).toContain('دقيقة واحدة');
  });

  it('words a declined card by its reason', () => {
    expect(errorMessage('PAYMENT_DECLINED', 'en', { reason: 'insufficient_funds' })).toContain(
      'insufficient funds',
    );
    expect(errorMessage('PAYMENT_DECLINED', 'en', { reason: 'challenge_failed' })).toContain('bank');
    expect(errorMessage('PAYMENT_DECLINED', 'en')).toBe(
      'Your card was declined. Please try another card or contact your bank.',
    );
    expect(errorMessage('PAYMENT_DECLINED', 'ar', { reason: 'insufficient_funds' })).toContain('الرصيد');
  });

  it('gives any message as plain text, its rich-text tags dropped', () => {
    const id = Object.keys(en).find(
      (k) => /<([a-zA-Z]+)>/.test(en[k]) && !/[{]/.test(en[k].replace(/<[^>]+>/g, '')),
    );
    expect(id).toBeTruthy();
    if (id) expect(plainMessage('en', id)).not.toMatch(/[<>]/);
    expect(message('ar', 'app.name')).toBe(ar['app.name']);
  });

  it('never ships the server’s own messages to the browser', () => {
    const serverIds = Object.keys(en).filter((id) => id.startsWith('server.'));
    expect(serverIds.length).toBeGreaterThan(50);
    for (const bundle of [null, ...(Object.keys(MESSAGE_BUNDLES) as MessageBundle[])]) {
      for (const messages of [en, ar]) {
        expect(Object.keys(pickMessages(messages, bundle)).filter((id) => id.startsWith('server.'))).toEqual(
          [],
        );
      }
    }
  });

  it('words the team’s form mail and the expert’s booking mail from the catalogue', () => {
    for (const kind of FORM_KINDS) {
      expect(en[`server.mail.form.kind.${kind}`], kind).toBeTruthy();
      expect(ar[`server.mail.form.kind.${kind}`], kind).toBeTruthy();
    }
    const submission = {
      id: 'ref-1',
      kind: 'contact' as const,
      locale: 'ar' as const,
      fields: { name: 'Noor {0}', subject: 'Hello', phone: '' },
      cvPath: '/data/cv.pdf',
      cvSize: 12345,
      createdAt: new Date('2026-11-22T08:01:00Z'),
      mailedAt: null,
    };
    const mail = mailContent(submission);
    expect(mail.subject).toBe('[Amina] Contact message: Hello');
    expect(mail.text).toBe(
      [
        'Contact message',
        'Received: 2026-11-22T08:01:00.000Z',
        'Page language: Arabic',
        'Reference: ref-1',
        '',
        'name: Noor {0}',
        'subject: Hello',
        'phone: (not given)',
        '',
        'CV: attached (12345 bytes; stored at /data/cv.pdf)',
        '',
      ].join('\n'),
    );
    expect(bookingTitles({ kind: 'discovery', minutes: 15 }, 'voice', { en: 'Dr R', ar: 'د. ر' })).toEqual({
      en: 'Free discovery call (voice), 15 minutes — Dr R',
      ar: 'مكالمة تعارف مجانية (صوتية)، 15 دقيقة — د. ر',
    });
    const booked = expertMail({
      booking: { id: 'b-1', mode: 'video', offerKind: 'consultation', minutes: 30, medical: true },
      alias: 'Nour_88',
      when: 'Monday 23 November 2026 at 10:00',
      zone: 'Asia/Dubai',
      url: 'https://meet.example/room',
      cancelled: false,
    });
    expect(booked.subject).toBe('[Amina] Amina: Video consultation, 30 minutes with Nour_88');
    expect(booked.text).toContain(
      'Join: https://meet.example/room\n\nThe room opens 10 minutes before the start.',
    );
    expect(booked.text).toContain('This is a medical consultation');
    expect(booked.description).toBe(
      'Video consultation, 30 minutes. Member (alias): Nour_88. Join: https://meet.example/room',
    );
  });
});
