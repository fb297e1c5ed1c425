import { accordion } from './accordion';
import { alert } from './alert';
import { avatar } from './avatar';
import { button } from './button';
import { card } from './card';
import { checkbox } from './checkbox';
import { combobox } from './combobox';
import { dialog } from './dialog';
import { drawer } from './drawer';
import { emptyState } from './empty-state';
import { field } from './field';
import { input, textarea } from './input';
import { fullScreenLoader, srOnly } from './misc';
import { pagination } from './pagination';
import { pinInput } from './pin-input';
import { progress } from './progress';
import { radioCardGroup, radioGroup } from './radio-group';
import { ratingGroup } from './rating-group';
import { select } from './select';
import { skeleton } from './skeleton';
import { spinner } from './spinner';
import { stars } from './stars';
import { steps } from './steps';
import { tabs } from './tabs';
import { toast } from './toast';

export const recipes = { button, spinner, input, textarea, fullScreenLoader, srOnly };

export const slotRecipes = {
  accordion,
  alert,
  avatar,
  card,
  checkbox,
  combobox,
  dialog,
  drawer,
  emptyState,
  field,
  pagination,
  pinInput,
  progress,
  radioCardGroup,
  radioGroup,
  ratingGroup,
  select,
  steps,
  tabs,
  toast,
  skeleton,
  stars,
};
