import { type ComponentProps, createContext, type ElementType, useContext } from 'react';
import { cx } from '../../styled-system/css';

/**
 * Binds a Panda config slot recipe to a family of components, the way park-ui does: the root
 * computes the slot class names once from its variant props and shares them through context;
 * each part picks its own slot.
 *
 * Deliberately lighter than `styled-system/jsx`'s createStyleContext: parts take `className`
 * (compose with `css()` from styled-system/css) but no style props, so the components do not
 * pull Panda's JSX factory and its CSS-property table into the first-load bundle.
 */

// biome-ignore-start lint/suspicious/noExplicitAny: matches any generated slot recipe
export type SlotRecipe = {
  (props?: any): Record<string, string>;
  __type: any;
  splitVariantProps: (props: any) => any;
};
// biome-ignore-end lint/suspicious/noExplicitAny: matches any generated slot recipe
export type Slot<R extends SlotRecipe> = keyof ReturnType<R> & string;
type VariantProps<R extends SlotRecipe> = NonNullable<R['__type']>;

type ClassNameProp = { className?: string | undefined };

interface Options<P> {
  defaultProps?: Partial<P>;
}

export function createStyleContext<R extends SlotRecipe>(recipe: R) {
  const StyleContext = createContext<Record<string, string> | null>(null);

  /** A root: provides the classes to its parts, and takes its own slot when it renders an element. */
  const provider = <T extends ElementType>(
    Component: T,
    slot: Slot<R> | null,
    options?: Options<ComponentProps<T>>,
  ) => {
    const C = Component as ElementType;
    const WithProvider = (props: ComponentProps<T> & VariantProps<R> & ClassNameProp) => {
      const [variantProps, rest] = recipe.splitVariantProps(props);
      const classes = recipe(variantProps);
      return (
        <StyleContext.Provider value={classes}>
          <C
            {...options?.defaultProps}
            {...rest}
            {...(slot && { className: cx(classes[slot], rest.className) })}
          />
        </StyleContext.Provider>
      );
    };
    return WithProvider;
  };

  /** Root without an element of its own (e.g. Dialog.Root): provides the classes only. */
  const withRootProvider = <T extends ElementType>(Component: T, options?: Options<ComponentProps<T>>) =>
    provider(Component, null, options);

  /** Root that renders an element (e.g. Checkbox.Root): provides the classes and takes the slot. */
  const withProvider = <T extends ElementType>(
    Component: T,
    slot: Slot<R>,
    options?: Options<ComponentProps<T>>,
  ) => provider(Component, slot, options);

  /** A part: reads the classes from the nearest provider and takes its slot. */
  const withContext = <T extends ElementType>(
    Component: T,
    slot: Slot<R>,
    options?: Options<ComponentProps<T>>,
  ) => {
    const C = Component as ElementType;
    const WithContext = (props: ComponentProps<T> & ClassNameProp) => {
      const classes = useContext(StyleContext);
      return <C {...options?.defaultProps} {...props} className={cx(classes?.[slot], props.className)} />;
    };
    return WithContext;
  };

  return { withRootProvider, withProvider, withContext, StyleContext };
}
