import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { srOnly } from '../../../styled-system/recipes';
import * as RadioCardGroup from '../../components/radio-card-group';

export interface AvatarChoice {
  id: string;
  url: string;
  label: string;
}

/**
 * The illustrated avatars to choose from (Ark RadioCardGroup), shown instead of a photo: the same in
 * sign-up's avatar step and in Account Settings' profile. `label` names the group for screen readers.
 */
export function AvatarPicker(props: {
  avatars: readonly AvatarChoice[];
  value: string;
  label: ReactNode;
  onChange: (id: string) => void;
  testId?: string;
}) {
  return (
    <RadioCardGroup.Root
      value={props.value || null}
      onValueChange={(e) => props.onChange(e.value ?? '')}
      data-testid={props.testId ?? 'avatar-grid'}
    >
      <RadioCardGroup.Label className={srOnly()}>{props.label}</RadioCardGroup.Label>
      {props.avatars.map((a) => (
        <RadioCardGroup.Item key={a.id} value={a.id}>
          <img
            src={a.url}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className={css({ width: 'full', height: 'auto', aspectRatio: '1', borderRadius: 'md' })}
          />
          <RadioCardGroup.ItemText className={srOnly()}>{a.label}</RadioCardGroup.ItemText>
          <RadioCardGroup.ItemControl />
          <RadioCardGroup.ItemHiddenInput />
        </RadioCardGroup.Item>
      ))}
    </RadioCardGroup.Root>
  );
}
