/** The search normaliser (server/lib/search-text.ts): both sides of every article search go through it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSearchText, queryTerms, searchWords, stemmerForm } from '../../server/lib/search-text.ts';

describe('normaliseSearchText', () => {
  it('strips tashkeel, the dagger alef and tatweel', () => {
    expect(normaliseSearchText('الدَّوْرَةُ الشَّهْرِيَّةُ')).toBe('الدوره الشهريه');
    expect(normaliseSearchText('الحمـــل')).toBe('الحمل');
    expect(normaliseSearchText('هٰذا')).toBe('هذا');
  });

  it('folds أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي', () => {
    expect(normaliseSearchText('إلتهاب')).toBe('التهاب');
    expect(normaliseSearchText('أسئلة')).toBe('اسيله');
    expect(normaliseSearchText('آلام ٱلبطن')).toBe('الام البطن');
    expect(normaliseSearchText('مستشفى')).toBe('مستشفي');
    expect(normaliseSearchText('مسؤولة')).toBe('مسووله');
    expect(normaliseSearchText('الدورة الشهرية')).toBe(normaliseSearchText('الدوره الشهريه'));
  });

  it('case-folds Latin, writes Arabic-Indic and Persian digits as ASCII, folds full-width forms', () => {
    expect(normaliseSearchText('Emergency CONTRACEPTION')).toBe('emergency contraception');
    expect(normaliseSearchText('٧٢ ساعة')).toBe('72 ساعه');
    expect(normaliseSearchText('۱۲۰')).toBe('120');
    expect(normaliseSearchText('ＰＣＯＳ')).toBe('pcos');
  });

  it('drops control characters, bidi marks and zero-width characters, and collapses spaces', () => {
    expect(normaliseSearchText('  period\u0000\tpain\u200f \u202bألم\u202c\n')).toBe('period pain الم');
    expect(normaliseSearchText('\u0000\u0007')).toBe('');
  });

  it('is idempotent and never leaves a folded letter, a diacritic or an Eastern digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const once = normaliseSearchText(s);
        expect(normaliseSearchText(once)).toBe(once);
        expect(once).not.toMatch(/[أإآٱىةؤئ\u064b-\u065f\u0640\u0660-\u0669\u06f0-\u06f9\p{Cc}\p{Cf}]/u);
      }),
    );
  });
});

describe('stemmerForm', () => {
  it('gives a word-final ه back as ة for the Arabic stemmer, on every word', () => {
    expect(stemmerForm('الدوره الشهريه')).toBe('الدورة الشهرية');
    expect(stemmerForm('هل، الدوره؟')).toBe('هل، الدورة؟');
    expect(stemmerForm('period pain')).toBe('period pain');
  });
});

describe('queryTerms and searchWords', () => {
  it('cut normalised text into words of letters and digits; the stored words have three or more', () => {
    const text = normaliseSearchText("Period-pain: what's normal? ٧٢ ساعة، الدورة");
    expect(queryTerms(text)).toEqual(['period', 'pain', 'what', 's', 'normal', '72', 'ساعه', 'الدوره']);
    expect(searchWords(text)).toEqual(['period', 'pain', 'what', 'normal', 'ساعه', 'الدوره']);
    expect(queryTerms('')).toEqual([]);
  });
});
