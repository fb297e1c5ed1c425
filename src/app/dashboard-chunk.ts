import { lazy } from 'react';

/**
 * The dashboard's screen, its own chunk. Apart from the routes so that a screen about to open it
 * (sign-up, once the account is made) can load it ahead without importing the routes (a cycle that
 * would split the entry chunk).
 */
export const DashboardArea = lazy(() => import('../views/dashboard/DashboardArea'));
