/**
 * Her data (issue 25, items 6 and 7; contract/account-settings.ts):
 * - GET /users/me/export?format=json|html: everything the server keeps of her as an attachment with
 *   a neutral name (EXPORT_FILE_NAMES), never cached, EXPORTS_PER_HOUR per member in every process
 *   (the limit app-limits.ts gives). The HTML page is in the Accept-Language when the request has
 *   one, else in her profile's language.
 * - POST /users/me/delete { currentPin, confirmation }: the typed confirmation is checked first
 *   (CONFIRMATION_MISMATCH, no PIN attempt counted), then her PIN (CURRENT_PIN_WRONG, counted as a
 *   sign-in attempt), then domain/account-deletion.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  AccountDeleted,
  confirmsDeletion,
  EXPORT_FILE_NAMES,
  EXPORT_FORMATS,
} from '../../contract/account-settings.ts';
import type { AccountDeletion } from '../domain/account-deletion.ts';
import type { AccountExporter } from '../domain/account-export.ts';
import { renderExportHtml } from '../domain/account-export-html.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { type Locale, negotiateLocale } from '../lib/i18n.ts';
import { BODY_ERRORS, bodyOf, errorResponses, type Limit, reply } from './schemas.ts';
import { currentPinField } from './users-schemas.ts';

const tags = ['Account settings'];
const security = [{ bearerAuth: [] }];

const errors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes: format INVALID; currentPin CURRENT_PIN_REQUIRED or PIN_FORMAT; confirmation CONFIRMATION_MISMATCH) or INVALID_JSON',
  401: 'UNAUTHORIZED',
  403: 'CURRENT_PIN_WRONG',
  409: 'PAYMENT_IN_PROGRESS: a payment of hers is still under way',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED (exports per hour) or TOO_MANY_ATTEMPTS (wrong PINs), see Retry-After',
});

const ExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: 'INVALID' })
    .default('json')
    .openapi({ description: '`json` (default) or `html` (a readable page in her language)' }),
});

const DeleteBody = z
  .object({
    currentPin: currentPinField,
    confirmation: z
      .string({ error: 'CONFIRMATION_MISMATCH' })
      .max(64, { error: 'CONFIRMATION_MISMATCH' })
      .refine(confirmsDeletion, { error: 'CONFIRMATION_MISMATCH' })
      .openapi({ description: 'DELETE, or حذف, as she typed it', example: 'DELETE' }),
  })
  .openapi('AccountDelete');

const exportRoute = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'get',
    path: '/users/me/export',
    tags,
    security,
    summary: 'Her data, to take with her (JSON, or a readable HTML page in her language)',
    middleware: [auth, limit] as const,
    request: { query: ExportQuery },
    responses: {
      200: {
        description: 'An attachment (data.json or data.html), Cache-Control: no-store',
        content: {
          'application/json': { schema: z.object({}).passthrough() },
          'text/html': { schema: z.string() },
        },
      },
      ...errors(400, 401, 429),
    },
  });

const deleteRoute = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/me/delete',
    tags,
    security,
    summary:
      'Delete her account (PIN, typed confirmation); invoices and credit notes are kept without her alias',
    middleware: [auth, jsonBody] as const,
    request: bodyOf(DeleteBody),
    responses: {
      200: reply(AccountDeleted, 'Deleted; upcoming consultations cancelled with their refunds'),
      ...errors(...BODY_ERRORS, 401, 403, 409),
    },
  });

export function accountDataRoutes({
  exporter,
  deletion,
  auth,
  exportLimit,
}: {
  exporter: AccountExporter;
  deletion: AccountDeletion;
  auth: Limit;
  /** EXPORTS_PER_HOUR per member, shared by every process (app-limits.ts). */
  exportLimit: Limit;
}) {
  const router = createRouter();

  router.openapi(exportRoute(auth, exportLimit), async (c) => {
    const { format } = c.req.valid('query');
    const { user, tokenHash } = c.var.session;
    const asked = c.req.header('accept-language');
    const language: Locale = asked ? negotiateLocale(asked) : user.language === 'ar' ? 'ar' : 'en';
    const data = await exporter.collect(user.id, tokenHash, language);
    const headers = {
      'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAMES[format]}"`,
      'Cache-Control': 'no-store',
      // the page loads nothing and runs nothing, even opened from this origin
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    };
    if (format === 'html')
      return c.body(renderExportHtml(data), 200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
    return c.body(`${JSON.stringify(data, null, 2)}\n`, 200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
    });
  });

  router.openapi(deleteRoute(auth), async (c) => {
    noStore(c);
    const { currentPin } = c.req.valid('json');
    const { user } = c.var.session;
    const { cancelledConsultations } = await deletion.deleteAccount(
      { id: user.id, alias: user.alias },
      currentPin,
      c.var.locale,
    );
    return c.json({ ok: true as const, cancelledConsultations }, 200);
  });

  return router;
}
