import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type CountryItem, countryItems } from '../views/signup/countries';
import * as Combobox from './combobox';
import * as Field from './field';

export interface CountryComboboxProps {
  value: string;
  onChange: (code: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  openLabel: string;
  emptyText: string;
  error?: string;
  name?: string;
  autoComplete?: string;
  required?: boolean;
  'data-testid'?: string;
}

/**
 * A country, typed or picked (Ark Combobox in an Ark Field), named in the member's language by
 * Intl.DisplayNames and sorted for it, as sign-up's country of residence. Render it with
 * `key={intl.locale}` so a language switch renames the list.
 */
export function CountryCombobox(props: CountryComboboxProps) {
  const intl = useIntl();
  const items = useMemo(() => countryItems(intl.locale), [intl.locale]);
  const { contains } = Combobox.useFilter({ sensitivity: 'base' });
  const { collection, filter } = Combobox.useListCollection<CountryItem>({
    initialItems: items,
    filter: contains,
  });
  return (
    <Field.Root invalid={!!props.error} required={props.required}>
      <Combobox.Root
        collection={collection}
        value={props.value ? [props.value] : []}
        defaultInputValue={items.find((i) => i.value === props.value)?.label ?? ''}
        onInputValueChange={(e) => filter(e.inputValue)}
        onValueChange={(e) => props.onChange(e.value[0] ?? '')}
        openOnClick
        inputBehavior="autohighlight"
      >
        <Combobox.Label>{props.label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            name={props.name}
            autoComplete={props.autoComplete ?? 'off'}
            placeholder={props.placeholder}
            data-testid={props['data-testid']}
          />
          <Combobox.ClearTrigger aria-label={props.clearLabel} />
          <Combobox.Trigger aria-label={props.openLabel} />
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{props.emptyText}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.value} item={item}>
                <Combobox.ItemText>{item.label}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
