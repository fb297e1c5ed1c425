/**
 * Design system components (Panda slot recipes over Ark UI parts, park-ui style).
 *
 * Namespaced components are used as `<Dialog.Root>`, `<Dialog.Content>`…. Every module marks its
 * top-level work as pure, so importing from this index only bundles what a view uses; a code-split
 * view can also import the single module (e.g. `src/components/dialog`).
 *
 * RTL: Ark reads the direction from its LocaleProvider; wrap the app in
 * `<LocaleProvider locale={lang === 'ar' ? 'ar' : 'en'}>` so popovers, toasts and keyboard
 * navigation mirror in Arabic.
 */
export { LocaleProvider } from '@ark-ui/react/locale';
export { Portal } from '@ark-ui/react/portal';
export { srOnly } from '../../styled-system/recipes';
export * as Alert from './alert';
export * as Avatar from './avatar';
export { Button, type ButtonProps, buttonRecipe, IconButton, type IconButtonProps } from './button';
export * as Card from './card';
export * as Checkbox from './checkbox';
export * as Combobox from './combobox';
export { createStyleContext } from './create-style-context';
export * as Dialog from './dialog';
export * as Drawer from './drawer';
export { EmptyState, type EmptyStateProps } from './empty-state';
export * as Field from './field';
export { FullScreenLoader, type FullScreenLoaderProps } from './full-screen-loader';
export { Input, type InputProps, inputRecipe } from './input';
export { Logo, LogoMark, type LogoProps } from './logo';
export * as PinInput from './pin-input';
export * as RadioCardGroup from './radio-card-group';
export * as RadioGroup from './radio-group';
export * as Select from './select';
export { createListCollection } from './select';
export { Spinner, type SpinnerProps } from './spinner';
export * as Steps from './steps';
export * as Toast from './toast';
export { Toaster, type ToasterProps, toaster } from './toast';
