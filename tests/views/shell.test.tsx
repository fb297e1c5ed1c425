import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../../src/app/notify';
import { toaster } from '../../src/components/toast';
import { appPerTest, signInMember } from '../support/browser';

const page = appPerTest();

describe('app shell in jsdom', () => {
  it('redirects a signed-out visitor from /dashboard/invoices to /login, remembering the way', async () => {
    page.render({ path: '/dashboard/invoices' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/dashboard/invoices');
  });

  it('shows the dashboard with the page title from the path and the selected entry', async () => {
    signInMember();
    page.render({ path: '/dashboard/test-scores' });
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('My Test Scores'));
    const current = screen.getAllByRole('link', { current: 'page' });
    expect(current[0]).toHaveTextContent('My Test Scores');
    expect(screen.getByText('No test scores yet')).toBeInTheDocument();
  });

  it('the dashboard is part of the site: its header reaches Courses, Articles, Experts, her consultations and the circle', async () => {
    signInMember();
    page.render({ path: '/dashboard/test-scores' });
    const nav = await screen.findByTestId('header-site-nav');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Courses', '/courses'],
      ['Articles', '/articles'],
      ['Experts', '/experts'],
      ['My consultations', '/dashboard/consultations'],
      ['Community circle', '/dashboard/circle'],
    ]);
    // the sidebar keeps the spec's five entries, in their order, each name on one line
    const sidebar = within(screen.getByTestId('sidebar')).getByRole('navigation');
    expect(
      within(sidebar)
        .getAllByTestId('sidebar-entry-name')
        .map((e) => e.textContent),
    ).toEqual(['Enrolled Courses', 'My Test Scores', 'Ratings & Reviews', 'Invoices', 'Account Settings']);
    for (const name of within(sidebar).getAllByTestId('sidebar-entry-name')) {
      expect(name.className).toMatch(/white-space_nowrap|ws_nowrap/);
    }
    // the language switch is not hidden on a phone, and Log out keeps its name when only its icon shows
    const language = screen.getByTestId('language-switch');
    expect(language.closest('[class*="d_none"]')).toBeNull();
    expect(screen.getByTestId('logout')).toHaveAccessibleName('Log out');
    // the title has a line of its own under the controls (never cut to "ا…" at 320 px)
    const title = screen.getByTestId('page-title');
    expect(title.className).toMatch(/w_100%/);
    expect(title.previousElementSibling).toBe(screen.getByTestId('header-actions'));
  });

  it('the phone menu lists the site after the five entries', async () => {
    signInMember();
    const app = page.render({ path: '/dashboard' });
    await app.user.click(await screen.findByTestId('open-menu'));
    const drawer = await screen.findByTestId('menu-drawer');
    const site = within(drawer).getByTestId('drawer-site-nav');
    expect(within(site).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');
    expect(within(site).getByRole('link', { name: 'My consultations' })).toHaveAttribute(
      'href',
      '/dashboard/consultations',
    );
  });

  it('toasts open under the header, not over its controls', async () => {
    signInMember();
    page.render({ path: '/dashboard' });
    await screen.findByTestId('page-title');
    // the sticky header (with the safety strip) is what toasts open under
    expect(document.querySelector('[data-toast-anchor]')).toContainElement(screen.getByTestId('logout'));
    act(() => notify({ type: 'info', title: 'Saved' }));
    await screen.findByText('Saved');
    // its bottom edge (0 in jsdom) plus a gap, which the toaster's offset reads
    expect(document.documentElement.style.getPropertyValue('--toast-top')).toBe('12px');
    expect((toaster.attrs as { offsets: { top: string } }).offsets.top).toBe('var(--toast-top, 76px)');
    act(() => toaster.remove());
  });
});
