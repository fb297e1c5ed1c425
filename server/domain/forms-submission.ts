/** A stored form submission, as forms.ts stores and lists it and forms-mail.ts mails it. */
import type { FormKind } from '../../contract/forms-rules.ts';
import type { Locale } from '../../contract/locale.ts';

export interface Submission {
  id: string;
  kind: FormKind;
  locale: Locale;
  fields: Record<string, string>;
  cvPath: string | null;
  cvSize: number | null;
  createdAt: Date;
  mailedAt: Date | null;
}
