import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { type InputVariantProps, input } from '../../styled-system/recipes';

export const inputRecipe = input;

export type InputProps = Omit<ComponentProps<'input'>, 'size'> & InputVariantProps;

/** Bare text input with the field look, for use outside a Field (e.g. a search box with its own label). */
export const Input = ({ size, className, ...props }: InputProps) => (
  <input {...props} className={cx(input({ size }), className)} />
);
