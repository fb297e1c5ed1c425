import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInStaff, staffAccount, staffUrl } from './staff-support';
import { appReady, expectNoAxeViolations, phoneTag } from './support';

/**
 * The team's side of issue 26 in Chromium, one journey per language (English at 1280 px, Arabic on
 * the phone project): a visitor sends a concern and a contact message through the API; the
 * moderator signs in, finds the concern first and marked urgent, opens it, sets "in progress" and
 * adds a note; the admin unpublishes then republishes an expert, creates a promo code and reads
 * those steps in the audit log; a moderator on an admin page is told it is not for her role.
 * axe on each screen.
 */
const WORDS = {
  en: {
    urgent: 'Urgent',
    inProgress: 'In progress',
    addNote: 'Add note',
    noteAdded: 'Note added.',
    published: 'Published on the site',
    createCode: 'Create code',
    unpublished: 'Expert unpublished',
    republished: 'Expert published',
    couponCreated: 'Promo code created',
    noteAudit: 'Note added to a message',
    notForRole: 'This page is not part of your role.',
  },
  ar: {
    urgent: 'عاجل',
    inProgress: 'قيد المتابعة',
    addNote: 'إضافة الملاحظة',
    noteAdded: 'أُضيفت الملاحظة.',
    published: 'منشورة على الموقع',
    createCode: 'إنشاء الرمز',
    unpublished: 'أُخفيت خبيرة',
    republished: 'نُشرت خبيرة',
    couponCreated: 'أُنشئ رمز خصم',
    noteAudit: 'أُضيفت ملاحظة على رسالة',
    notForRole: 'هذه الصفحة ليست ضمن صلاحيات دوركِ.',
  },
} as const;

async function sendForms(request: APIRequestContext, locale: 'en' | 'ar', tag: string) {
  const headers = { 'Accept-Language': locale };
  const contact = await request.post('/api/forms/contact', {
    headers,
    data: {
      name: `Visitor ${tag}`,
      replyTo: '',
      subject: 'A question',
      message: `A question about courses ${tag}`,
    },
  });
  expect(contact.status(), await contact.text()).toBeLessThan(300);
  const concern = await request.post('/api/forms/concern', {
    headers,
    data: { topic: 'underage', details: `Someone on a review may be under 18 ${tag}`, when: '', replyTo: '' },
  });
  expect(concern.status(), await concern.text()).toBeLessThan(300);
}

async function axe(page: Page) {
  await appReady(page);
  await expectNoAxeViolations(page);
}

for (const { locale, width } of [
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 390 },
] as const) {
  const w = WORDS[locale];
  test(`the team works the inbox and the admin pages (${locale}, ${width} px)`, {
    tag: phoneTag(width),
  }, async ({ browser, request }) => {
    const tag = `${locale}-${Date.now()}`;
    await sendForms(request, locale, tag);

    // the moderator: the concern first, urgent; in progress; a note
    const moderator = await browser.newContext({ viewport: { width, height: 900 } });
    const mod = await moderator.newPage();
    await signInStaff(mod, staffAccount('moderator', locale));
    await mod.goto(staffUrl('/staff/inbox'));
    // urgent concerns first (the other language's journey may have sent one at the same time)
    await expect(mod.getByTestId('inbox-row').first().getByTestId('inbox-urgent')).toHaveText(w.urgent, {
      timeout: 30_000,
    });
    const first = mod
      .getByTestId('inbox-row')
      .filter({ has: mod.getByTestId('inbox-urgent') })
      .filter({ hasText: tag });
    await expect(first).toHaveCount(1);
    await axe(mod);
    await first.click();
    await expect(mod.getByTestId('inbox-fields')).toContainText(tag);
    await axe(mod);
    await mod.getByTestId('inbox-status').getByText(w.inProgress).click();
    await expect(mod.getByTestId('inbox-status').locator('[data-part=item][data-state=checked]')).toHaveText(
      w.inProgress,
    );
    await mod.getByRole('textbox').fill(`Checked the review ${tag}`);
    await mod.getByRole('button', { name: w.addNote }).click();
    await expect(mod.getByTestId('inbox-notes')).toContainText(`Checked the review ${tag}`);
    await expect(mod.getByTestId('inbox-item-done')).toHaveText(w.noteAdded);
    // an admin page is not for her role
    await mod.goto(staffUrl('/staff/admin/experts'));
    await expect(mod.getByTestId('staff-not-here')).toContainText(w.notForRole);
    await axe(mod);
    await moderator.close();

    // the admin: unpublish then republish an expert, a promo code, the audit log
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    const admin = await adminContext.newPage();
    await signInStaff(admin, staffAccount('admin', locale));
    await admin.goto(staffUrl('/staff/admin/experts'));
    const expertRow = admin.getByTestId('expert-rana-aziz');
    const toggle = expertRow.getByRole('checkbox', { name: w.published });
    await expect(toggle).toBeChecked();
    await axe(admin);
    await expertRow.getByTestId('publish-rana-aziz').click();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await expertRow.getByTestId('publish-rana-aziz').click();
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();

    await admin.goto(staffUrl('/staff/admin/coupons'));
    const code = `E2E${locale.toUpperCase()}${Date.now() % 100000}`;
    await admin.getByTestId('coupon-code').fill(code);
    await admin.getByTestId('coupon-value').fill('15');
    await admin.getByTestId('coupon-perMemberLimit').fill('1');
    await admin.getByRole('button', { name: w.createCode }).click();
    await expect(admin.getByTestId(`coupon-${code}`)).toBeVisible();
    await axe(admin);

    await admin.goto(staffUrl('/staff/admin/audit'));
    const rows = admin.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();
    await expect(admin.getByTestId('audit-rows')).toContainText(w.couponCreated);
    await expect(admin.getByTestId('audit-rows')).toContainText(w.republished);
    await expect(admin.getByTestId('audit-rows')).toContainText(w.unpublished);
    await expect(admin.getByTestId('audit-rows')).toContainText(w.noteAudit);
    // newest first: the code came after the expert's two changes
    const actions = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(actions.indexOf('coupon.created')).toBeLessThan(actions.indexOf('expert.published'));
    expect(actions.indexOf('expert.published')).toBeLessThan(actions.indexOf('expert.unpublished'));
    await axe(admin);
    await adminContext.close();
  });
}
