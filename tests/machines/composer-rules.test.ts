import { describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '../../contract/circle';
import {
  bodyMax,
  detailsIn,
  kindsOf,
  lengthProblems,
  problemsFromFields,
  textLength,
} from '../../machines/composer-rules';

/** The composer's checks before anything leaves (issue 27): lengths by what she writes, details found. */
describe('composer rules', () => {
  it('counts characters as she sees them', () => {
    expect(textLength('👋🏽 مرحبا')).toBe(8);
  });

  it('gives a thread, a reply and an edit their own body limit', () => {
    expect(bodyMax('thread', false)).toBe(CIRCLE_LIMITS.threadBodyMax);
    expect(bodyMax('reply', false)).toBe(CIRCLE_LIMITS.replyMax);
    expect(bodyMax('edit', false)).toBe(CIRCLE_LIMITS.replyMax);
    expect(bodyMax('edit', true)).toBe(CIRCLE_LIMITS.threadBodyMax);
  });

  it('finds empty, short and long fields', () => {
    expect(lengthProblems({ mode: 'thread', opening: false, title: '  ', body: '' })).toEqual({
      title: 'REQUIRED',
      body: 'REQUIRED',
    });
    expect(lengthProblems({ mode: 'thread', opening: false, title: 'Short', body: 'ok' })).toEqual({
      title: 'TEXT_TOO_SHORT',
    });
    expect(
      lengthProblems({
        mode: 'reply',
        opening: false,
        title: '',
        body: 'x'.repeat(CIRCLE_LIMITS.replyMax + 1),
      }),
    ).toEqual({ body: 'TEXT_TOO_LONG' });
    // a reply has no title to check
    expect(lengthProblems({ mode: 'reply', opening: false, title: '', body: 'Thank you' })).toEqual({});
  });

  it("reads the server's field codes, and a refusal without any as a body too long", () => {
    expect(problemsFromFields({ title: 'TEXT_TOO_SHORT' })).toEqual({ title: 'TEXT_TOO_SHORT' });
    expect(problemsFromFields(undefined)).toEqual({ body: 'TEXT_TOO_LONG' });
  });

  it('finds details in the title and the body, each kind named once', () => {
    const found = detailsIn('Call 0791234567', 'or 0791234568, mail sara@x.com');
    expect(found.map((d) => d.match)).toEqual(['0791234567', '0791234568', 'sara@x.com']);
    expect(kindsOf(found)).toEqual(['phone', 'email']);
  });
});
