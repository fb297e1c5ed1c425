import { LogoMark } from '../components/logo';

/** The logo mark; index.html draws the same lotus before any JavaScript runs (keep the two in step). */
export function SplashMark() {
  return <LogoMark />;
}
