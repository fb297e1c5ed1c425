/**
 * Design system components (Panda slot recipes over Ark UI parts, park-ui style).
 *
 * Namespaced components are used as `<Dialog.Root>`, `<Dialog.Content>`…. Every module marks its
 * top-level work as pure, so importing from this index only bundles what a view uses; a code-split
 * view can also import the single module (e.g. `src/components/dialog`).
 *
 * RTL: Ark reads the direction from its LocaleProvider; wrap the app in
 * `<LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>` so popovers, toasts and keyboard
 * navigation mirror in Arabic.
 */
export { LocaleProvider } from '@ark-ui/react/locale';
export { Portal } from '@ark-ui/react/portal';
export { Button, type ButtonProps, buttonRecipe, IconButton, type IconButtonProps } from './button';
export { createStyleContext } from './create-style-context';
export * as Dialog from './dialog';
export * as Drawer from './drawer';
export * as Field from './field';
export { FullScreenLoader, type FullScreenLoaderProps } from './full-screen-loader';
export { Input, type InputProps, inputRecipe } from './input';
export { Logo, LogoMark, type LogoProps } from './logo';
export * as PinInput from './pin-input';
export { Spinner, type SpinnerProps } from './spinner';
export * as Toast from './toast';
export { Toaster, type ToasterProps, toaster } from './toast';
