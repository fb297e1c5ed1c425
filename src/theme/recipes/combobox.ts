import { defineSlotRecipe } from '@pandacss/dev';
import { label } from './field';
import { fieldControl, itemGroupLabel, itemIndicator, listItem, popoverContent } from './shared';

const trailingButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '9',
  height: '9',
  borderRadius: 'sm',
  color: 'fg.muted',
  cursor: 'pointer',
  outline: 'none',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
  '& svg': { width: '5', height: '5' },
} as const;

export const combobox = defineSlotRecipe({
  className: 'combobox',
  jsx: [/Combobox\.+/],
  slots: [
    'root',
    'label',
    'control',
    'input',
    'trigger',
    'clearTrigger',
    'positioner',
    'content',
    'list',
    'item',
    'itemText',
    'itemIndicator',
    'itemGroup',
    'itemGroupLabel',
    'empty',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label,
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { ...fieldControl, pe: '20' },
    trigger: {
      ...trailingButton,
      position: 'absolute',
      insetEnd: '1',
      '& svg': { width: '5', height: '5', transition: 'transform {durations.normal}' },
      '&[data-state=open] svg': { transform: 'rotate(180deg)' },
    },
    clearTrigger: { ...trailingButton, position: 'absolute', insetEnd: '10' },
    positioner: { zIndex: 'dropdown' },
    content: { ...popoverContent, minWidth: 'var(--reference-width)' },
    list: { display: 'flex', flexDirection: 'column' },
    item: listItem,
    itemText: { flex: '1' },
    itemIndicator,
    itemGroupLabel,
    empty: { px: '3', py: '2.5', color: 'fg.muted', textStyle: 'body.sm' },
  },
});
