import { useId } from 'react';
import { stars } from '../../styled-system/recipes';

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

interface StarsProps {
  /** 0–5, halves shown. */
  value: number;
  /** What the stars say, translated by the caller ("Rated 4.5 out of 5"): the stars are one image. */
  label: string;
  /** Text beside the stars, e.g. the average and the number of reviews. */
  children?: React.ReactNode;
  className?: string;
}

/**
 * A rating shown, not chosen (choosing is RatingGroup): five stars as one image with a name,
 * filled to the nearest half, the text beside them. Mirrors in RTL (a half star fills from the start).
 */
export function Stars({ value, label, children, className }: StarsProps) {
  const classes = stars();
  const id = useId();
  const halves = Math.round(Math.max(0, Math.min(5, value)) * 2);
  return (
    <span className={[classes.root, className].filter(Boolean).join(' ')}>
      <span role="img" aria-label={label} className={classes.icons}>
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'none';
          return (
            <svg key={i} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={classes.star}>
              {fill === 'half' && (
                <defs>
                  <linearGradient id={`${id}-half`} x1="0" x2="1" y1="0" y2="0">
                    <stop offset="50%" stopColor="currentColor" />
                    <stop offset="50%" stopColor="transparent" />
                  </linearGradient>
                </defs>
              )}
              <path
                d={STAR}
                fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id}-half)` : 'none'}
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinejoin="round"
                style={
                  fill === 'half'
                    ? { transform: 'scaleX(var(--dir-sign, 1))', transformOrigin: 'center' }
                    : undefined
                }
              />
            </svg>
          );
        })}
      </span>
      {children != null && <span className={classes.text}>{children}</span>}
    </span>
  );
}
