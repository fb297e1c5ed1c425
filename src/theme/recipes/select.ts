import { defineSlotRecipe } from '@pandacss/dev';
import { label } from './field';
import { fieldControl, itemGroupLabel, itemIndicator, listItem, popoverContent } from './shared';

export const select = defineSlotRecipe({
  className: 'select',
  jsx: [/Select\.+/],
  slots: [
    'root',
    'label',
    'control',
    'trigger',
    'valueText',
    'indicator',
    'clearTrigger',
    'positioner',
    'content',
    'list',
    'item',
    'itemText',
    'itemIndicator',
    'itemGroup',
    'itemGroupLabel',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label,
    control: { position: 'relative' },
    trigger: {
      ...fieldControl,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      cursor: 'pointer',
      '&[data-placeholder-shown]': { color: 'fg.muted' },
    },
    valueText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    indicator: {
      display: 'inline-flex',
      color: 'fg.muted',
      transition: 'transform {durations.normal}',
      '& svg': { width: '5', height: '5' },
      _open: { transform: 'rotate(180deg)' },
    },
    positioner: { zIndex: 'dropdown' },
    content: { ...popoverContent, minWidth: 'var(--reference-width)' },
    list: { display: 'flex', flexDirection: 'column' },
    item: listItem,
    itemText: { flex: '1' },
    itemIndicator,
    itemGroupLabel,
  },
});
