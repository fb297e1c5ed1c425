import { SegmentGroup } from '@ark-ui/react/segment-group';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

const root = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  minWidth: '0',
  width: { base: 'full', md: 'auto' },
});
const labelStyle = css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default' });
const items = css({
  // a row of equal buttons on a phone, as wide as they need on a wider screen
  display: { base: 'grid', md: 'inline-flex' },
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: '1',
  p: '1',
  bg: 'bg.subtle',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  alignSelf: { base: 'stretch', md: 'flex-start' },
});
const item = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  whiteSpace: 'nowrap',
  gap: '1.5',
  minHeight: '10',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background 0.15s, color 0.15s',
  '& svg': { boxSize: '4', flexShrink: '0' },
  _hover: { color: 'fg.default', bg: 'bg.surface' },
  '&[data-state=checked]': { bg: 'bg.surface', color: 'accent.fg', fontWeight: '700', boxShadow: 'xs' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '1px' },
});

export interface SegmentOption {
  value: string;
  label: string;
  /** A decorative icon before the label. */
  icon?: ReactNode;
}

/**
 * One choice among a few, as buttons side by side (Ark SegmentGroup: radio buttons with a label,
 * arrow keys between them): equal buttons across a phone, as wide as they need on a wider screen.
 */
export function Segments({
  label,
  ariaLabel,
  value,
  options,
  onChange,
  testId,
}: {
  label: ReactNode;
  /** The group's name for screen readers (the label's words). */
  ariaLabel: string;
  value: string;
  options: readonly SegmentOption[];
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value)}
      className={root}
      data-testid={testId}
      aria-label={ariaLabel}
    >
      <SegmentGroup.Label className={labelStyle}>{label}</SegmentGroup.Label>
      <div className={items}>
        {options.map((o) => (
          <SegmentGroup.Item key={o.value} value={o.value} className={item}>
            {o.icon}
            <SegmentGroup.ItemText>{o.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemControl />
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </div>
    </SegmentGroup.Root>
  );
}
