import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetBrowserState } from '../support/render-app';

beforeEach(resetBrowserState);
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function signIn() {
  document.cookie = 'authToken=tok; path=/';
  localStorage.setItem('userData', JSON.stringify({ id: 'u1', alias: 'noor' }));
}

describe('app shell in jsdom', () => {
  it('redirects a signed-out visitor from /dashboard/invoices to /login, remembering the way', async () => {
    const app = renderApp({ path: '/dashboard/invoices' });
    cleanup = app.unmount;
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/dashboard/invoices');
  });

  it('shows the dashboard with the page title from the path and the selected entry', async () => {
    signIn();
    const app = renderApp({ path: '/dashboard/test-scores' });
    cleanup = app.unmount;
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('My Test Scores'));
    const current = screen.getAllByRole('link', { current: 'page' });
    expect(current[0]).toHaveTextContent('My Test Scores');
    expect(screen.getByText('No test scores yet')).toBeInTheDocument();
  });
});
