import {
  AvatarFallback,
  type AvatarFallbackProps,
  AvatarImage,
  type AvatarImageProps,
  AvatarRoot,
} from '@ark-ui/react/avatar';
import { avatar } from '../../styled-system/recipes';
import { useDataSaver } from '../app/data-saver';
import { UserIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(avatar);

/**
 *   <Avatar.Root size="md"><Avatar.Fallback>{initials}</Avatar.Fallback><Avatar.Image src={url} alt="" /></Avatar.Root>
 * The fallback shows until the image loads (or when it fails); without children it shows a person icon.
 */
export const Root = /* @__PURE__ */ ctx.withProvider(AvatarRoot, 'root');
const StyledImage = /* @__PURE__ */ ctx.withContext(AvatarImage, 'image');
/** The picture, left out while the data saver is on (issue 28): the fallback shows, and nothing is loaded. */
export const Image = (props: AvatarImageProps) => (useDataSaver() ? null : <StyledImage {...props} />);

const StyledFallback = /* @__PURE__ */ ctx.withContext(AvatarFallback, 'fallback');
export const Fallback = ({ children, ...props }: AvatarFallbackProps) => (
  <StyledFallback {...props}>{children ?? <UserIcon />}</StyledFallback>
);
