import { type IconProps, Svg } from '../../theme/icons';

/** Icons only the content pages use (same grid and stroke as src/theme/icons.tsx; decorative). */
export const ShieldIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
    <path d="M9 12l2 2 4-4" />
  </Svg>
);

export const HeartIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </Svg>
);

export const ChatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 12a7.5 7.5 0 0 1-10.9 6.7L4 20l1.3-4.6A7.5 7.5 0 1 1 20 12z" />
  </Svg>
);

export const UsersIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.9-3.2 3.4-5 6.5-5s5.6 1.8 6.5 5" />
    <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 15.4c1.7.7 2.9 2.3 3.5 4.6" />
  </Svg>
);

export const BuildingIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="5" y="3.5" width="14" height="17" rx="1.5" />
    <path d="M9 7.5h1.5M13.5 7.5H15M9 11h1.5M13.5 11H15M9 14.5h1.5M13.5 14.5H15M10.5 20.5v-3h3v3" />
  </Svg>
);

export const StethoscopeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 3.5v5a4 4 0 0 0 8 0v-5" />
    <path d="M10 12.5v2a5 5 0 0 0 10 0v-2" />
    <circle cx="20" cy="10.5" r="2" />
  </Svg>
);

export const LeafIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14z" />
    <path d="M5 19l7-7" />
  </Svg>
);

export const BabyIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="9" r="5" />
    <path d="M10 8.5h.01M14 8.5h.01M10.5 11a2 2 0 0 0 3 0" />
    <path d="M7 20c1-2.3 2.8-3.5 5-3.5s4 1.2 5 3.5" />
  </Svg>
);

export const ArticleIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4.5" y="3.5" width="15" height="17" rx="2" />
    <path d="M8 8h8M8 12h8M8 16h5" />
  </Svg>
);
