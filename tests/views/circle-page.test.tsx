import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appPerTest, signInMember } from '../support/browser';

/**
 * /community (issue 27): a visitor is asked to join anonymously; a signed-in member is taken to the
 * circle itself. Both read that a post may go out as "a member".
 */
const page = appPerTest();
const main = async (text: RegExp) => {
  await screen.findAllByText(text, {}, { timeout: 10_000 });
  return within(screen.getByRole('main'));
};

describe('the circle page', () => {
  it('asks a visitor to join anonymously', async () => {
    page.render({ path: '/community' });
    const body = await main(/simply as “a member”/);
    expect(body.getByRole('link', { name: 'Join anonymously' })).toHaveAttribute('href', '/signup');
    expect(body.queryByRole('link', { name: 'Go to the circle' })).toBeNull();
  });

  it('takes a signed-in member to the circle', async () => {
    signInMember();
    page.render({ path: '/community' });
    const body = await main(/simply as “a member”/);
    expect(body.getByRole('link', { name: 'Go to the circle' })).toHaveAttribute('href', '/dashboard/circle');
    expect(body.queryByRole('link', { name: 'Join anonymously' })).toBeNull();
  });

  it('says the same in Arabic', async () => {
    signInMember();
    page.render({ path: '/community', savedLanguage: 'ar' });
    const body = await main(/باسم «عضوة» فقط/);
    expect(body.getByRole('link', { name: 'انتقلي إلى الحلقة' })).toHaveAttribute(
      'href',
      '/dashboard/circle',
    );
  });
});
