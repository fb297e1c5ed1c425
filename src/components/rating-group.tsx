import {
  RatingGroupContext,
  RatingGroupControl,
  RatingGroupHiddenInput,
  RatingGroupItem,
  RatingGroupLabel,
  RatingGroupRoot,
} from '@ark-ui/react/rating-group';
import { ratingGroup } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(ratingGroup);

export const Root = /* @__PURE__ */ ctx.withProvider(RatingGroupRoot, 'root');
export const Label = /* @__PURE__ */ ctx.withContext(RatingGroupLabel, 'label');
const Control = /* @__PURE__ */ ctx.withContext(RatingGroupControl, 'control');
const Item = /* @__PURE__ */ ctx.withContext(RatingGroupItem, 'item');
export const HiddenInput = RatingGroupHiddenInput;

const Star = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
  </svg>
);

/**
 * Five stars as one radio-like control (Ark RatingGroup: arrow keys, Home/End, mirrored in RTL).
 *
 *   <RatingGroup.Root count={5} value={v} onValueChange={(e) => set(e.value)}>
 *     <RatingGroup.Label>Your rating</RatingGroup.Label>
 *     <RatingGroup.Stars />
 *     <RatingGroup.HiddenInput />
 *   </RatingGroup.Root>
 */
export function Stars() {
  return (
    <Control>
      <RatingGroupContext>
        {(api) =>
          api.items.map((index) => (
            <Item key={index} index={index}>
              <Star />
            </Item>
          ))
        }
      </RatingGroupContext>
    </Control>
  );
}
