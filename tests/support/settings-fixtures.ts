import type { AccountProfile, AccountSettings, Device } from '../../contract/account-settings';
import type { SettingsPageData } from '../../machines/accountSettings';
import type { Avatar, SecurityQuestion } from '../../machines/signup-rules';

/** Account Settings (issue 25) as a member's page reads it: her settings, the avatars, the questions. */
export const SETTINGS_QUESTIONS: SecurityQuestion[] = [
  { id: 'mother_maiden_name', text: "What is your mother's maiden name?" },
  { id: 'birth_city', text: 'In which city were you born?' },
  { id: 'childhood_best_friend', text: 'What was the name of your best friend in childhood?' },
  { id: 'favourite_food', text: 'What is your favourite food?' },
];
export const SETTINGS_AVATARS: Avatar[] = [
  { id: 'date-palm', url: '/avatars/date-palm.svg', label: 'Date palm' },
  { id: 'woman-bun', url: '/avatars/woman-bun.svg', label: 'Woman with her hair in a bun' },
];

export const PROFILE: AccountProfile = {
  alias: 'noor',
  memberNumber: 1042,
  avatarId: 'date-palm',
  country: 'JO',
  ageRange: '25-34',
  maritalStatus: null,
  email: null,
  phone: null,
  language: 'en',
  discreetDocuments: true,
};

export function settingsData(over: Partial<AccountSettings> = {}): SettingsPageData {
  return {
    settings: {
      profile: PROFILE,
      questionIds: ['birth_city', 'favourite_food', 'mother_maiden_name'],
      recoveryCode: { active: false, createdAt: null },
      recoveryCodeWithoutPin: false,
      ...over,
    },
    avatars: SETTINGS_AVATARS,
    questions: SETTINGS_QUESTIONS,
  };
}

export const THIS_DEVICE: Device = {
  id: 's-this',
  browser: 'Firefox',
  system: 'Linux',
  signedInAt: '2026-11-20T09:15:00.000Z',
  lastSeenAt: '2026-11-28T10:00:00.000Z',
  current: true,
};
export const PHONE: Device = {
  id: 's-phone',
  browser: 'Safari',
  system: 'iOS',
  signedInAt: '2026-10-02T18:40:00.000Z',
  lastSeenAt: '2026-11-27T21:05:00.000Z',
  current: false,
};
export const LAPTOP: Device = {
  id: 's-laptop',
  browser: null,
  system: null,
  signedInAt: '2026-09-12T07:00:00.000Z',
  lastSeenAt: '2026-11-01T12:30:00.000Z',
  current: false,
};
