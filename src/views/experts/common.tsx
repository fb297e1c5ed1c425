import { type IntlShape, useIntl } from 'react-intl';
import type { ExpertCard } from '../../../contract/experts';
import type { CallMode } from '../../../contract/experts-constants';
import { css, cx } from '../../../styled-system/css';
import * as Avatar from '../../components/avatar';
import * as Card from '../../components/card';
import { type IconProps, Svg } from '../../theme/icons';

/**
 * What an expert looks like wherever she appears (the cards, her profile, a booking): the names of
 * her languages, specialty and call modes in her language, her call modes as chips, her avatar.
 * (No layout patterns here: the home page's experts load it, and its first visit stays as small.)
 */

/** One Intl.DisplayNames per language, made once (each expert card names two or three languages). */
const displayNames = new Map<string, Intl.DisplayNames>();

/** "Arabic", "French" / "العربية", "الفرنسية": a language's name in her language. */
export function languageName(intl: Pick<IntlShape, 'locale'>, code: string): string {
  try {
    let names = displayNames.get(intl.locale);
    if (!names) {
      names = new Intl.DisplayNames([intl.locale], { type: 'language' });
      displayNames.set(intl.locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Arabic, English and French" / "العربية والإنجليزية والفرنسية". */
export function languageList(intl: IntlShape, codes: readonly string[]): string {
  return intl.formatList(
    codes.map((c) => languageName(intl, c)),
    { type: 'conjunction' },
  ) as string;
}

export const specialtyName = (intl: IntlShape, specialty: string) =>
  intl.formatMessage({ id: `experts.specialty.${specialty}` });

export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
    </Svg>
  );
}
export function VideoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="m16 10 6-3v10l-6-3" />
    </Svg>
  );
}
export const MODE_ICONS: Record<CallMode, typeof PhoneIcon> = { voice: PhoneIcon, video: VideoIcon };

const chip = cx(
  css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', px: '2.5', py: '1' }),
  css({ borderRadius: 'full', bg: 'accent.subtle', color: 'accent.fg', fontSize: 'sm', fontWeight: '600' }),
);
/** A small icon at the start of a line of text. */
export const lineIcon = css({ boxSize: '4', flexShrink: '0' });
/** A muted line of small text after its icon (her languages, a call's length). */
export const iconText = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  color: 'fg.muted',
  textStyle: 'body.sm',
});

/** Her call modes as small labelled chips ("Voice call", "Video call"). */
export function ModeChips({ modes }: { modes: readonly CallMode[] }) {
  const intl = useIntl();
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'experts.card.modes' })}
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })}
    >
      {modes.map((mode) => {
        const Icon = MODE_ICONS[mode];
        return (
          <li key={mode} className={chip} data-testid={`mode-${mode}`}>
            <Icon className={lineIcon} />
            {intl.formatMessage({ id: `experts.mode.${mode}` })}
          </li>
        );
      })}
    </ul>
  );
}

/** Her specialty, a small caption. */
export const specialtyCaption = Card.eyebrow;

/** Her avatar (the product's avatars; a person icon until it loads). */
export function ExpertAvatar({ avatar, size }: { avatar: ExpertCard['avatar']; size: 'sm' | 'lg' }) {
  const box = size === 'lg' ? { base: '20', md: '24' } : '14';
  return (
    <Avatar.Root
      size="lg"
      className={css({ width: box, height: box, flexShrink: '0', bg: 'highlight.subtle' })}
    >
      <Avatar.Fallback />
      {avatar && <Avatar.Image src={avatar.url} alt="" />}
    </Avatar.Root>
  );
}
