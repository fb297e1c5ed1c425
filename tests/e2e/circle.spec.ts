import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { CIRCLE_PAGES } from '../../contract/circle';
import {
  apiMember,
  axe,
  expectLeft,
  findThread,
  type Locale,
  moderator,
  neutralSite,
  newMember,
  press,
  reportPost,
  staffQueueUrl,
  t,
} from './circle-support';
import { phoneTag } from './support';

/**
 * The community circle (issue 27) in Chromium on the real server, one journey per language
 * (English at 1280 px, Arabic on the phone project at 390 px), two members and the moderator:
 *
 * A opens the circle from the dashboard, accepts the rules, writes a thread with a phone number in
 * it and is stopped before it leaves (the composer names the problem), removes it and posts as "a
 * member": her first post waits for review. The moderator approves it in the queue. B finds it in
 * the space without ever seeing A's alias, replies (her first post: waiting too) and reports the
 * thread with a reason; two more members report it through the API, so it is hidden, and the
 * moderator finds it in the queue as reported (3 reports) and approves B's reply. A sees the new
 * replies badge and the list. Discreet mode keeps the neutral title on a circle page, and Quick
 * exit leaves from one. axe on the home, space, composer, thread, replies and queue pages.
 *
 * Found by role and by the words of lang/*.json where a screen names things, else by the test ids
 * the screens carry:
 *   members  circle-spaces, circle-space (home: the list, a space's card), circle-threads /
 *            circle-threads-empty, circle-start, circle-thread-card (a space), composer-rules,
 *            composer, field-postAs, composer-found-kinds, composer-waiting (the composer),
 *            circle-opening, circle-reply (data-post, data-status), circle-author (data-kind),
 *            circle-post-note, circle-reply-composer, circle-report-dialog, circle-report-reasons,
 *            circle-report-done, circle-report-close (a thread), circle-replies-badge,
 *            circle-replies-link, circle-reply-row (her new replies)
 *   staff    queue-item, queue-reason-<reason>, queue-report (the moderation queue)
 */
const SPACE = 'contraception';

const SAMPLE = {
  en: {
    title: (tag: string) => `Which pill suits me? ${tag}`,
    body: 'I am thinking of the pill and would like to hear how it went for you. Call me on 0791 234 567.',
    clean: 'I am thinking of the pill and would like to hear how it went for you.',
    reply: 'The combined pill suited me after a few months; a nurse helped me choose.',
  },
  ar: {
    title: (tag: string) => `أيّ حبوب تناسبني؟ ${tag}`,
    body: 'أفكّر في حبوب منع الحمل وأودّ أن أسمع تجاربكنّ. رقمي ٠٧٩١٢٣٤٥٦٧',
    clean: 'أفكّر في حبوب منع الحمل وأودّ أن أسمع تجاربكنّ.',
    reply: 'ناسبتني الحبوب المركّبة بعد بضعة أشهر، وساعدتني الممرّضة على الاختيار.',
  },
} as const;

/** A space's title in her language, as server/content/circle/spaces.json gives it. */
const SPACES = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../server/content/circle/spaces.json', import.meta.url)), 'utf8'),
) as { spaces: { id: string; title: Record<Locale, string> }[] };
const spaceTitle = (locale: Locale) => SPACES.spaces.find((s) => s.id === SPACE)!.title[locale];

const path = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, k: string) => params[k] ?? '');

/** From the dashboard to the circle: its link on the dashboard's home (both widths). */
async function openCircleFromDashboard(page: Page, locale: Locale) {
  await page.goto('/dashboard');
  await settled(page);
  const link = page.getByTestId('dashboard-circle-link');
  await expect(link).toContainText(t(locale, 'dashboard.circle.link'), { timeout: 30_000 });
  await press(link);
  await expect(page).toHaveURL(new RegExp(`${CIRCLE_PAGES.home}$`));
}

/** The app has settled (no axe: the dashboard is not the circle's). */
async function settled(page: Page) {
  await expect(page.locator('.app-splash')).toHaveCount(0, { timeout: 5_000 });
}

for (const { locale, width } of [
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 390 },
] as const) {
  const phone = width < 640;
  const words = SAMPLE[locale];

  test(`two members and the moderator in the circle (${locale}, ${width} px)`, {
    tag: phoneTag(width),
  }, async ({ browser, request, baseURL }) => {
    // three people in their own browsers, a staff sign-in and axe on eight screens
    test.setTimeout(240_000);
    const tag = `${locale}${Date.now() % 1_000_000}`;
    const title = words.title(tag);

    // ---------------------------------------------------------------- A: the rules, the check, review
    const a = await newMember(browser, request, baseURL!, locale, width, 'circleA');
    await openCircleFromDashboard(a.page, locale);
    await expect(a.page.getByTestId('circle-spaces')).toBeVisible({ timeout: 30_000 });
    await axe(a.page);
    await press(a.page.getByTestId('circle-space').filter({ hasText: spaceTitle(locale) }));
    await expect(a.page).toHaveURL(new RegExp(`${path(CIRCLE_PAGES.space, { space: SPACE })}$`));
    await expect(
      a.page.getByTestId('circle-threads-empty').or(a.page.getByTestId('circle-threads')),
    ).toBeVisible({ timeout: 30_000 });
    // nothing wider than the phone
    if (phone)
      expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await axe(a.page);
    await press(a.page.getByTestId('circle-start'));
    await expect(a.page).toHaveURL(new RegExp(`${path(CIRCLE_PAGES.newThread, { space: SPACE })}$`));
    // the rules, once, before her first post
    const rules = a.page.getByTestId('composer-rules');
    await expect(rules).toContainText(t(locale, 'circle.rules.item2'), { timeout: 30_000 });
    await axe(a.page);
    await press(rules.getByRole('button', { name: t(locale, 'community.composer.rules.accept') }));
    const composer = a.page.getByTestId('composer');
    const titleBox = composer.getByRole('textbox', { name: t(locale, 'community.composer.title.label') });
    const bodyBox = composer.getByRole('textbox', { name: t(locale, 'community.composer.body.label') });
    await titleBox.fill(title);
    await bodyBox.fill(words.body);
    await axe(a.page);
    const send = composer.getByRole('button', { name: t(locale, 'community.composer.send') });
    await press(send);
    // stopped before it leaves: the composer names what it found
    await expect(composer.getByTestId('composer-found-kinds')).toHaveText(
      t(locale, 'community.composer.found.phone'),
    );
    await axe(a.page);
    await bodyBox.fill(words.clean);
    const postAs = composer.getByTestId('field-postAs');
    await press(postAs.getByText(t(locale, 'community.composer.postAs.member'), { exact: true }));
    await expect(
      postAs.getByRole('radio', { name: t(locale, 'community.composer.postAs.member') }),
    ).toBeChecked();
    await press(send);
    // her first post waits for a moderator
    await expect(a.page.getByTestId('composer-waiting')).toContainText(
      t(locale, 'community.composer.waiting.title'),
    );

    // ---------------------------------------------------------------- the moderator approves it
    const mod = await moderator(browser, baseURL!, locale, width);
    await mod.page.goto(staffQueueUrl());
    const modItem = mod.page.getByTestId('queue-item').filter({ hasText: title });
    await expect(modItem).toHaveCount(1, { timeout: 30_000 });
    await expect(modItem.getByTestId('queue-reason-new-member')).toHaveText(
      t(locale, 'staff.circle.queue.reason.new-member'),
    );
    await expect(modItem).toContainText(t(locale, 'staff.circle.author.member'));
    // "a member": nothing of her alias, even here
    await expect(modItem).not.toContainText(a.alias);
    await axe(mod.page);
    await press(modItem.getByRole('button', { name: t(locale, 'staff.circle.action.approve') }));
    await expect(modItem).toHaveCount(0);

    // ---------------------------------------------------------------- B: finds it, replies, reports
    const b = await newMember(browser, request, baseURL!, locale, width, 'circleB');
    await b.page.goto(CIRCLE_PAGES.home);
    await press(b.page.getByTestId('circle-space').filter({ hasText: spaceTitle(locale) }));
    const card = b.page.getByTestId('circle-thread-card').filter({ hasText: title });
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(card.getByTestId('circle-author')).toHaveAttribute('data-kind', 'member');
    await expect(card).toContainText(t(locale, 'community.author.member'));
    await expect(b.page.locator('main')).not.toContainText(a.alias);
    await press(card);
    await expect(b.page).toHaveURL(/\/dashboard\/circle\/t\/[0-9a-f-]{36}$/);
    const opening = b.page.getByTestId('circle-opening');
    await expect(opening).toContainText(words.clean);
    await expect(opening.getByTestId('circle-author')).toHaveText(t(locale, 'community.author.member'));
    await expect(b.page.locator('body')).not.toContainText(a.alias);
    await axe(b.page);

    // her first reply: the rules first, then the reply, which waits for review
    const replyBox = b.page.getByTestId('circle-reply-composer');
    await press(
      replyBox
        .getByTestId('composer-rules')
        .getByRole('button', { name: t(locale, 'community.composer.rules.accept') }),
    );
    await replyBox
      .getByRole('textbox', { name: t(locale, 'community.composer.reply.label') })
      .fill(words.reply);
    await press(replyBox.getByRole('button', { name: t(locale, 'community.composer.reply.send') }));
    await expect(replyBox.getByTestId('composer-waiting')).toBeVisible();
    const bReply = b.page.getByTestId('circle-reply').filter({ hasText: words.reply });
    await expect(bReply).toHaveAttribute('data-status', 'pending');
    await expect(bReply.getByTestId('circle-post-note')).toHaveText(t(locale, 'community.post.pending'));

    // she reports the opening post, with a reason
    await press(opening.getByRole('button', { name: t(locale, 'community.post.report') }));
    const dialog = b.page.getByTestId('circle-report-dialog');
    await expect(dialog).toBeVisible();
    await press(
      dialog
        .getByTestId('circle-report-reasons')
        .getByText(t(locale, 'community.report.reasons.personal-details'), { exact: true }),
    );
    await axe(b.page);
    await press(dialog.getByRole('button', { name: t(locale, 'community.report.send') }));
    await expect(dialog.getByTestId('circle-report-done')).toHaveText(t(locale, 'community.report.sent'));
    await press(dialog.getByTestId('circle-report-close'));
    await expect(dialog).toBeHidden();
    const postId = await opening.getAttribute('data-post');
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);

    // two more members report it through the API: three reports hide it until a moderator decides
    expect(await findThread(request, b.token, locale, SPACE, title)).not.toBeNull();
    for (const n of [1, 2]) {
      const other = await apiMember(request, locale, `circleR${n}`);
      await reportPost(request, other.token, locale, postId!, n === 1 ? 'personal-details' : 'other');
    }
    expect(await findThread(request, b.token, locale, SPACE, title)).toBeNull();

    // ---------------------------------------------------------------- the moderator: reported, and B's reply
    await mod.page.reload();
    const reported = mod.page.getByTestId('queue-item').filter({ hasText: title }).filter({
      hasText: words.clean,
    });
    await expect(reported).toHaveCount(1, { timeout: 30_000 });
    await expect(reported.getByTestId('queue-reason-reported')).toHaveText(
      t(locale, 'staff.circle.queue.reason.reported'),
    );
    // counts by reason, never who
    const reports = reported.getByTestId('queue-report');
    await expect(reports).toHaveCount(2);
    for (const [reason, count] of [
      ['personal-details', 2],
      ['other', 1],
    ] as const)
      await expect(
        reports.filter({ hasText: t(locale, `staff.circle.queue.report.${reason}`, { count }) }),
      ).toHaveCount(1);
    const approve = t(locale, 'staff.circle.action.approve');
    const replyItem = mod.page.getByTestId('queue-item').filter({ hasText: words.reply });
    await press(replyItem.getByRole('button', { name: approve }));
    await expect(replyItem).toHaveCount(0);
    // the thread is kept: approved again, it is back for everyone
    await press(reported.getByRole('button', { name: approve }));
    await expect(reported).toHaveCount(0);
    await axe(mod.page);
    await mod.context.close();

    // ---------------------------------------------------------------- A: the badge and the list
    await a.page.goto(CIRCLE_PAGES.home);
    const badge = a.page.getByTestId('circle-replies-badge').first();
    // the number, and what it means for a screen reader
    const newReplies = t(locale, 'community.replies.badge', { count: 1 });
    await expect(badge).toHaveText(new RegExp(`^(1|١)${newReplies}$`), { timeout: 30_000 });
    await expect(badge).toHaveAttribute('title', newReplies);
    await press(a.page.getByTestId('circle-replies-link'));
    await expect(a.page).toHaveURL(new RegExp(`${CIRCLE_PAGES.replies}$`));
    const replyRow = a.page.getByTestId('circle-reply-row').filter({ hasText: words.reply });
    await expect(replyRow).toHaveCount(1);
    await expect(replyRow).toContainText(b.alias);
    await axe(a.page);
    await press(replyRow.getByRole('link', { name: t(locale, 'community.replies.inThread', { title }) }));
    await expect(a.page).toHaveURL(/\/dashboard\/circle\/t\/[0-9a-f-]{36}$/);
    await expect(a.page.getByTestId('circle-reply').filter({ hasText: words.reply })).toBeVisible();
    // her own opening post, "a member" to everyone, hers to her
    await expect(a.page.getByTestId('circle-opening')).toHaveAttribute('data-status', 'published');
    await axe(a.page);

    // ---------------------------------------------------------------- discreet mode, then Quick exit
    await press(a.page.getByTestId('discreet-switch'));
    await expect(a.page).toHaveTitle(t(locale, 'safety.discreet.tabTitle'));
    // a new tab (the history of earlier page loads is the browser's, as in safety.spec.ts): the
    // circle opened once, then a space and a thread inside the app; the tab stays neutral throughout
    await a.page.close();
    const tab = await a.context.newPage();
    await tab.goto(CIRCLE_PAGES.home);
    await expect(tab).toHaveTitle(t(locale, 'safety.discreet.tabTitle'));
    await press(tab.getByTestId('circle-space').filter({ hasText: spaceTitle(locale) }));
    const mine = tab.getByTestId('circle-thread-card').filter({ hasText: title });
    await expect(mine).toBeVisible({ timeout: 30_000 });
    await expect(tab).toHaveTitle(t(locale, 'safety.discreet.tabTitle'));
    await press(mine);
    await expect(tab.getByTestId('circle-opening')).toBeVisible({ timeout: 30_000 });
    await expect(tab).toHaveTitle(t(locale, 'safety.discreet.tabTitle'));
    await neutralSite(a.context);
    if (phone) {
      await tab.keyboard.press('Escape');
      await tab.keyboard.press('Escape');
      await tab.keyboard.press('Escape');
    } else {
      await press(tab.getByRole('button', { name: t(locale, 'safety.quickExit.label') }));
    }
    await expectLeft(tab, baseURL!);
    await a.context.close();
    await b.context.close();
  });
}
