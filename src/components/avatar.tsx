import { AvatarFallback, type AvatarFallbackProps, AvatarImage, AvatarRoot } from '@ark-ui/react/avatar';
import { avatar } from '../../styled-system/recipes';
import { UserIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(avatar);

/**
 *   <Avatar.Root size="md"><Avatar.Fallback>{initials}</Avatar.Fallback><Avatar.Image src={url} alt="" /></Avatar.Root>
 * The fallback shows until the image loads (or when it fails); without children it shows a person icon.
 */
export const Root = /* @__PURE__ */ ctx.withProvider(AvatarRoot, 'root');
export const Image = /* @__PURE__ */ ctx.withContext(AvatarImage, 'image');

const StyledFallback = /* @__PURE__ */ ctx.withContext(AvatarFallback, 'fallback');
export const Fallback = ({ children, ...props }: AvatarFallbackProps) => (
  <StyledFallback {...props}>{children ?? <UserIcon />}</StyledFallback>
);
