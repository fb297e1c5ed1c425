import type { ExpertCard, ExpertProfile, ExpertsList } from '../../contract/experts';

/** Contract-shaped test data for the experts screens (the directory, a profile, the home page). */
const avatar = (id: string, label: string) => ({ id, url: `/avatars/${id}.svg`, label });

export const EXPERTS: ExpertCard[] = [
  {
    id: 'rana-aziz',
    name: 'Dr Rana Aziz',
    title: 'Obstetrician and gynaecologist',
    specialty: 'gynaecology',
    languages: ['ar', 'en', 'fr'],
    modes: ['voice', 'video'],
    avatar: avatar('woman-hijab-teal', 'Woman in a teal hijab'),
    fromPrice: 5500,
    currency: 'USD',
  },
  {
    id: 'maya-khoury',
    name: 'Dr Maya Khoury',
    title: 'Clinical psychologist',
    specialty: 'psychology',
    languages: ['ar', 'en'],
    modes: ['video'],
    avatar: avatar('woman-long-hair', 'Woman with long hair'),
    fromPrice: 4500,
    currency: 'USD',
  },
  {
    id: 'huda-karim',
    name: 'Huda Karim',
    title: 'Midwife',
    specialty: 'midwifery',
    languages: ['ar'],
    modes: ['voice'],
    avatar: null,
    fromPrice: 3000,
    currency: 'USD',
  },
  {
    id: 'amal-jaber',
    name: 'Dr Amal Jaber',
    title: 'Family doctor',
    specialty: 'general-practice',
    languages: ['ar', 'en'],
    modes: ['voice', 'video'],
    avatar: avatar('olive-branch', 'Olive branch'),
    fromPrice: 3500,
    currency: 'USD',
  },
  {
    id: 'rim-toumi',
    name: 'Rim Toumi',
    title: 'Dietitian',
    specialty: 'nutrition',
    languages: ['ar', 'fr'],
    modes: ['video'],
    avatar: avatar('date-palm', 'Date palm'),
    fromPrice: 3000,
    currency: 'USD',
  },
];

export const expertsList = (items: ExpertCard[] = EXPERTS): ExpertsList => ({ items, total: items.length });

export function expertProfile(card: ExpertCard = EXPERTS[0]): ExpertProfile {
  return {
    ...card,
    bio: `${card.name} listens first, then explains in plain words.`,
    qualifications: ['Bachelor of Medicine and Surgery (MBBS)', 'Specialist board certificate'],
    offers: [
      { id: 'discovery-15', kind: 'discovery', minutes: 15, price: 0, currency: 'USD' },
      { id: 'consult-30', kind: 'consultation', minutes: 30, price: card.fromPrice, currency: 'USD' },
      { id: 'consult-60', kind: 'consultation', minutes: 60, price: card.fromPrice + 3500, currency: 'USD' },
    ],
    courses: [{ id: 'menopause-care', title: 'Menopause: understanding the change' }],
  };
}
