import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates apart from the rest, in tasks of its own
 * (issue 23): a Suspense boundary, so taking the page over is cut into short tasks (React's
 * selective hydration) instead of one long one, the parts below the fold and the footer after
 * what is on screen. A tap on a part not hydrated yet is not lost: React hydrates that part first
 * and then replays the tap. Nothing inside suspends once the page is in: no fallback.
 */
export function Apart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
