/** Style objects shared by several recipes. */

/** Round 44 px icon button for close triggers (dialog, drawer, toast). */
export const closeTrigger = {
  position: 'absolute',
  top: '2.5',
  insetEnd: '2.5',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '11',
  height: '11',
  borderRadius: 'full',
  color: 'fg.muted',
  bg: 'transparent',
  cursor: 'pointer',
  outline: 'none',
  transitionProperty: 'background-color, color',
  transitionDuration: 'normal',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { width: '5', height: '5' },
} as const;

/** Floating list panel (select, combobox). */
export const popoverContent = {
  bg: 'bg.surface',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'lg',
  p: '1',
  display: 'flex',
  flexDirection: 'column',
  maxHeight: 'min(18rem, var(--available-height, 18rem))',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  outline: 'none',
  zIndex: 'dropdown',
  _open: { animation: 'popIn {durations.fast} {easings.default}' },
  _closed: { animation: 'popOut {durations.faster} {easings.default}' },
} as const;

export const listItem = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minHeight: '11',
  px: '3',
  py: '2',
  borderRadius: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  textAlign: 'start',
  _highlighted: { bg: 'accent.muted' },
  _selected: { fontWeight: '600', color: 'accent.fg' },
  _disabled: { opacity: '0.5', cursor: 'not-allowed' },
} as const;

export const itemIndicator = {
  display: 'inline-flex',
  color: 'accent.fg',
  '& svg': { width: '4.5', height: '4.5' },
} as const;

export const itemGroupLabel = {
  px: '3',
  py: '1.5',
  textStyle: 'caption',
  fontWeight: '600',
  color: 'fg.muted',
} as const;

/** Input-like trigger (select trigger, combobox input). */
export const fieldControl = {
  appearance: 'none',
  width: 'full',
  minWidth: '0',
  height: '11',
  px: '3.5',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'md',
  fontSize: 'md',
  textAlign: 'start',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: 'normal',
  _placeholder: { color: 'fg.muted', opacity: '1' },
  _hover: { borderColor: 'fg.muted' },
  _focusVisible: {
    borderColor: 'accent.default',
    outline: '2px solid',
    outlineColor: 'focusRing',
    outlineOffset: '2px',
  },
  _invalid: { borderColor: 'error.default', _focusVisible: { outlineColor: 'error.default' } },
  _disabled: { bg: 'bg.disabled', cursor: 'not-allowed', _hover: { borderColor: 'border.emphasized' } },
} as const;
