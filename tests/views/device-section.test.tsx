import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AnyEventObject, createMachine } from 'xstate';
import type { OfflineContext, SavedCourse } from '../../machines/offline-rules';
import { App } from '../../src/app/App';
import { RootProvider, type ScreenOverrides, startAppActor } from '../../src/app/actors';
import { createAppLogic } from '../../src/app/logic';
import * as Avatar from '../../src/components/avatar';
import { AuthorLine } from '../../src/views/community/circle-parts';
import { signInMember } from '../support/browser';
import { navigateTo, resetBrowserState } from '../support/render-app';
import { settingsData } from '../support/settings-fixtures';
import { rejects, resolves } from '../support/stub-actors';

/**
 * Account Settings' "On this device" section (issue 28) on the real page, with the root's offline
 * machine replaced by one holding the context each test gives (helper C's machine is tested on its
 * own): the data saver switch, the courses saved for offline reading with their sizes and Remove,
 * the loading, empty and error states, removing everything after an Ark dialog, both languages and
 * the keyboard. The events the section sends are recorded.
 */
const COURSES: SavedCourse[] = [
  {
    courseId: 'c1',
    title: 'Your cycle, month by month',
    bytes: 24_300,
    savedAt: '2026-11-20T09:00:00.000Z',
    locale: 'en',
  },
  {
    courseId: 'c2',
    title: 'After childbirth',
    bytes: 1_540_000,
    savedAt: '2026-11-21T09:00:00.000Z',
    locale: 'en',
  },
];
const BASE: OfflineContext = {
  userId: 'u1',
  online: true,
  saved: [],
  queue: [],
  busyCourseId: null,
  error: null,
};

let sent: AnyEventObject[] = [];
let current: { unmount: () => void } | undefined;

/** Stands in for the offline machine: its context as given, a `loading` tag when asked, every event recorded. */
function offlineStandIn(context: Partial<OfflineContext>, tags: string[] = []) {
  return createMachine({
    id: 'offline',
    context: { ...BASE, ...context },
    initial: 'here',
    states: { here: { tags } },
    on: { '*': { actions: ({ event }) => void sent.push(event) } },
  });
}

function renderSettings(
  offline: Partial<OfflineContext>,
  o: { tags?: string[]; language?: 'en' | 'ar'; settingsFail?: boolean } = {},
) {
  if (o.language) localStorage.setItem('language', o.language);
  navigateTo('/dashboard/settings');
  const logic = createAppLogic({ navigate: navigateTo }).provide({
    actors: { offline: offlineStandIn(offline, o.tags) as never },
  });
  const actor = startAppActor(logic, {
    savedLanguage: o.language ?? 'en',
    storedCart: null,
    storedDiscreet: null,
    storedDataSaver: localStorage.getItem('dataSaver'),
    browserSaveData: false,
  });
  const refused = rejects({ code: 'NETWORK_ERROR' });
  const screens = {
    accountSettings: {
      actors: { loadSettings: (o.settingsFail ? refused : resolves(settingsData())) as never },
    },
    devices: { actors: { loadDevices: refused as never } },
  } as ScreenOverrides;
  const view = render(
    <RootProvider actor={actor} screens={screens}>
      <App />
    </RootProvider>,
  );
  current = {
    unmount: () => {
      view.unmount();
      actor.stop();
    },
  };
  return { actor, user: userEvent.setup() };
}

beforeEach(() => {
  resetBrowserState();
  signInMember();
  sent = [];
});
afterEach(() => {
  current?.unmount();
  current = undefined;
});

const section = () => screen.findByTestId('device-section', {}, { timeout: 10_000 });

describe('On this device, in Account Settings', () => {
  it('lists the saved courses with their sizes, and removes one', async () => {
    const { user } = renderSettings({ saved: COURSES });
    const here = within(await section());
    expect(here.getByRole('heading', { name: 'On this device' })).toBeInTheDocument();
    const rows = here.getAllByTestId('saved-course');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Your cycle, month by month');
    expect(within(rows[0]).getByTestId('saved-course-size')).toHaveTextContent('24 kB');
    expect(within(rows[1]).getByTestId('saved-course-size')).toHaveTextContent('1.5 MB');
    expect(rows[0].querySelector('time')).toHaveAttribute('dateTime', COURSES[0].savedAt);
    expect(here.getByTestId('saved-courses-total')).toHaveTextContent('In all: 1.6 MB');
    await user.click(here.getByRole('button', { name: 'Remove “After childbirth” from this device' }));
    expect(sent).toContainEqual({ type: 'offline.remove', courseId: 'c2' });
  });

  it('shows the course being removed as busy, and the others wait', async () => {
    renderSettings({ saved: COURSES, busyCourseId: 'c1' });
    const here = within(await section());
    const [first, second] = here.getAllByTestId('saved-course');
    expect(within(first).getByRole('button')).toHaveAttribute('aria-busy', 'true');
    expect(within(second).getByRole('button')).toBeDisabled();
  });

  it('says how to save a course when none is saved', async () => {
    renderSettings({});
    const here = within(await section());
    expect(here.getByTestId('saved-courses-empty')).toHaveTextContent(/choose “Save for offline”/);
    expect(here.queryByTestId('saved-course')).toBeNull();
  });

  it('shows that it is reading the list, then an error she can close', async () => {
    renderSettings({}, { tags: ['loading'] });
    expect(within(await section()).getByTestId('saved-courses-loading')).toHaveTextContent(
      'Reading what is saved on this device…',
    );
    current?.unmount();
    const { user } = renderSettings({ error: { code: 'NETWORK_ERROR' } });
    const notice = within(await section()).getByTestId('saved-courses-error');
    expect(notice).toHaveTextContent('Something went wrong with the courses saved on this device.');
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(sent).toContainEqual({ type: 'offline.dismissError' });
  });

  it('removes everything only after the dialog, which Escape closes', async () => {
    const lesson = {
      key: 'k1',
      kind: 'lesson.done',
      courseId: 'c1',
      lessonId: 'l1',
      madeAt: COURSES[0].savedAt,
    } as const;
    const { user } = renderSettings({ saved: COURSES, queue: [lesson] });
    const here = within(await section());
    const wipe = here.getByRole('button', { name: 'Remove everything saved on this device' });
    await user.click(wipe);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove everything saved on this device?');
    expect(within(dialog).getByTestId('device-wipe-waiting')).toHaveTextContent(
      'One lesson or answer has not been sent yet. It will be lost.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.some((e) => e.type === 'offline.wipe')).toBe(false);
    await user.click(wipe);
    await user.click(await screen.findByRole('button', { name: 'Remove everything' }));
    expect(sent).toContainEqual({ type: 'offline.wipe' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('turns the data saver on from the keyboard, and keeps the choice', async () => {
    const { user, actor } = renderSettings({});
    const toggle = within(await section()).getByRole('checkbox', { name: 'Data saver' });
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(actor.system.get('dataSaver').getSnapshot().matches('on')).toBe(true);
    expect(localStorage.getItem('dataSaver')).toBe('1');
    expect(document.documentElement).toHaveAttribute('data-data-saver');
  });

  it('is there in Arabic', async () => {
    renderSettings({ saved: COURSES.slice(0, 1) }, { language: 'ar' });
    const here = within(await section());
    expect(await here.findByRole('heading', { name: 'على هذا الجهاز' })).toBeInTheDocument();
    expect(here.getByRole('checkbox', { name: 'توفير البيانات' })).toBeInTheDocument();
    expect(here.getByRole('button', { name: 'احذفي كل ما حُفظ على هذا الجهاز' })).toBeInTheDocument();
    expect(
      here.getByRole('button', { name: 'احذفي «Your cycle, month by month» من هذا الجهاز' }),
    ).toBeInTheDocument();
  });

  it('is there even when her settings could not be loaded (it needs no network)', async () => {
    renderSettings({ saved: COURSES }, { settingsFail: true });
    await screen.findByTestId('settings-error', {}, { timeout: 10_000 });
    expect(within(await section()).getAllByTestId('saved-course')).toHaveLength(2);
  });
});

function renderWithRoot(ui: React.ReactNode, dataSaver: string) {
  navigateTo('/');
  const actor = startAppActor(createAppLogic({ navigate: navigateTo }), {
    savedLanguage: 'en',
    storedCart: null,
    storedDataSaver: dataSaver,
    browserSaveData: false,
  });
  const view = render(<RootProvider actor={actor}>{ui}</RootProvider>);
  current = {
    unmount: () => {
      view.unmount();
      actor.stop();
    },
  };
  return actor;
}

const expertAvatar = (
  <Avatar.Root data-testid="expert-avatar">
    <Avatar.Fallback>H</Avatar.Fallback>
    <Avatar.Image src="/media/expert.jpg" alt="" />
  </Avatar.Root>
);

describe('avatars with the data saver on', () => {
  it('an expert’s or a reviewer’s avatar (the shared Avatar) shows its fallback, and loads no picture', async () => {
    const actor = renderWithRoot(expertAvatar, '1');
    const avatar = screen.getByTestId('expert-avatar');
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('H');
    actor.system.get('dataSaver').send({ type: 'dataSaver.toggle' });
    await waitFor(() => expect(avatar.querySelector('img')).toHaveAttribute('src', '/media/expert.jpg'));
  });

  it('a post shows her alias’s first letter, and loads no picture', async () => {
    localStorage.setItem('dataSaver', '1');
    navigateTo('/');
    const actor = startAppActor(createAppLogic({ navigate: navigateTo }), {
      savedLanguage: 'en',
      storedCart: null,
      storedDataSaver: '1',
      browserSaveData: false,
    });
    const view = render(
      <RootProvider actor={actor}>
        <AuthorLine author={{ kind: 'alias', alias: 'salma', avatar: 'bird' }} />
      </RootProvider>,
    );
    current = {
      unmount: () => {
        view.unmount();
        actor.stop();
      },
    };
    const avatar = screen.getByTestId('circle-avatar');
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('S');
    // off again: her picture
    actor.system.get('dataSaver').send({ type: 'dataSaver.toggle' });
    await waitFor(() =>
      expect(avatar.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/bird/)),
    );
  });
});
