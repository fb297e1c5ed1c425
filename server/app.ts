/**
 * createApp({ db, clock, config }) → the Hono app: the API under /api, its OpenAPI document and
 * reference, and the built front end for everything else. No I/O at import; main.ts wires it up.
 * What goes around every request (log, headers, body limits, errors) is app-middleware.ts.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createLimits } from './app-limits.ts';
import { handleError, limitBodies, loggedPath, notFound, requestContext } from './app-middleware.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/index.ts';
import { renderDocs } from './docs.ts';
import { createAccountDeletion } from './domain/account-deletion.ts';
import { createAccountExport } from './domain/account-export.ts';
import { createAccounts } from './domain/accounts.ts';
import { createArticles } from './domain/articles.ts';
import { createCommerce } from './domain/commerce.ts';
import { createConsultations } from './domain/consultations.ts';
import { type BookingMailer, createBookingMailer } from './domain/consultations-calls.ts';
import { defaultConsultationsConfig } from './domain/consultations-config.ts';
import { createExperts } from './domain/experts.ts';
import { createForms, DEFAULT_FORMS_CONFIG } from './domain/forms.ts';
import { smtpTransport } from './domain/forms-mail.ts';
import { createLearning } from './domain/learning.ts';
import { createPaymentCompletion } from './domain/payments-completion.ts';
import type { Clock } from './lib/clock.ts';
import { compressJson } from './lib/compress-json.ts';
import { ApiError } from './lib/errors.ts';
import { createHasher, type Hasher } from './lib/hashing.ts';
import { HotCache } from './lib/hot-cache.ts';
import { type AppEnv, validationHook } from './lib/http.ts';
import type { LimitStore } from './lib/limit-store.ts';
import { createLogger, type Logger } from './lib/log.ts';
import { refuseUnsafeText } from './lib/unsafe-text.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { articleRoutes } from './routes/articles.ts';
import { avatarRoutes } from './routes/avatars.ts';
import { billingRoutes } from './routes/billing.ts';
import { circleRoutes } from './routes/circle.ts';
import { consultationRoutes } from './routes/consultations.ts';
import { coursePurchaseRoutes } from './routes/course-purchase.ts';
import { expertRoutes } from './routes/experts.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { formRoutes } from './routes/forms.ts';
import { lmsRoutes } from './routes/lms.ts';
import { sandboxPayRoutes } from './routes/sandbox-pay.ts';
import { securityQuestionRoutes } from './routes/security-questions.ts';
import { siteRoutes } from './routes/site.ts';
import { staffRoutes } from './routes/staff.ts';
import { optionalSession, sessionAuth, userRoutes } from './routes/users.ts';
import { accountDataRoutes } from './routes/users-me-data.ts';
import { createSiteMeta, DEFAULT_QUICK_EXIT_URL } from './site-meta.ts';
import { articlesSource, coursesSource, expertsSource } from './site-sources.ts';
import { createPageRenderer, pageLocale, rendersOnServer } from './ssr.ts';
import { createStaticSite, DEFAULT_DIST_DIR, type StaticSite } from './static.ts';

export { permissionsPolicy } from './app-middleware.ts';

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  /** Overrides the logger made from config.logLevel (tests capture lines with it). */
  logger?: Logger;
  /** The front-end build to serve; default: dist/ at the repository root. */
  distDir?: string;
  /** A shared hasher (e.g. one per test file); default: one made from config. */
  hasher?: Hasher;
  /**
   * The card provider purchases are charged through; default: the embedded sandbox (whose own
   * routes, /api/sandbox-pay, are served in either case: a real provider needs none of them).
   */
  paymentProvider?: PaymentProvider;
  /**
   * Where the per-address and per-member limits count: a shared store (PostgreSQL table or Redis) so
   * several processes and machines count as one; null keeps them in this process's memory. Default:
   * the PostgreSQL table when the database is PostgreSQL, memory on PGlite (one process).
   */
  limitStore?: LimitStore | null;
  /** The experts' booking mail (tests capture it); default: SMTP_URL's, or none. */
  bookingMailer?: BookingMailer | null;
}

export function createApp({
  db,
  clock,
  config,
  logger,
  distDir,
  hasher,
  paymentProvider,
  limitStore,
  bookingMailer,
}: AppDeps) {
  const log = logger ?? createLogger({ level: config.logLevel });
  const hashes =
    hasher ??
    createHasher({ pepper: config.pepper, cost: config.hashCost, concurrency: config.hashConcurrency });
  const accounts = createAccounts({ database: db, hasher: hashes, clock });
  const learning = createLearning({ database: db, clock });
  // page titles, descriptions, links and tags in the shell; the sitemap's detail pages (issue 9)
  const siteMeta = createSiteMeta({
    config: {
      ...(config.site ?? { publicUrl: 'http://localhost', quickExitUrl: DEFAULT_QUICK_EXIT_URL }),
      // the embedded sandbox charges nothing: every page says so while it is the provider (issue 20)
      testPayments: (paymentProvider?.name ?? 'sandbox') === 'sandbox',
    },
    sources: [coursesSource(learning.catalogue), articlesSource(db.db), expertsSource(db.db)],
  });
  const consultationsConfig = config.consultations ?? defaultConsultationsConfig(config.pepper);
  // public pages arrive rendered (server/ssr.ts), reading the API in-process through app.fetch
  const pages = createPageRenderer({
    distDir: distDir ?? DEFAULT_DIST_DIR,
    fetch: async (input, init) => app.fetch(new Request(input, init)),
    clock,
    log,
    concurrency: config.ssrConcurrency,
  });
  const site: StaticSite = createStaticSite(
    distDir,
    async (template, url, request) => {
      const locale = pageLocale(url, request.cookie);
      const shell = await siteMeta.renderShell(template, url, locale);
      if (!shell || !pages || !rendersOnServer(url, request.cookie)) return shell;
      return (await pages.fill(shell, url, locale)) ?? shell;
    },
    [consultationsConfig.jitsiUrl],
  );
  const sandbox = createSandboxProvider({ database: db, clock });
  const commerce = createCommerce({
    database: db,
    clock,
    provider: paymentProvider ?? sandbox,
    catalogue: learning.catalogue,
  });
  const formsConfig = config.forms ?? DEFAULT_FORMS_CONFIG;
  // every request limit, per address, per member or both (app-limits.ts)
  const limits = createLimits({ db, clock, config, limitStore, forms: formsConfig.rateLimit });

  const app = new OpenAPIHono<AppEnv>({ strict: true, defaultHook: validationHook });

  // 0. public reads answered again from memory for a second (lib/hot-cache.ts; main.ts serves them)
  const hot = new HotCache({ clock });
  app.use('*', hot.capture(loggedPath));

  // 1. request id, access log (no bodies, no query strings, no headers), security headers
  app.use('*', requestContext({ jitsiOrigin: consultationsConfig.jitsiUrl, siteCsp: () => site.csp, log }));

  // 2. the API
  app.use('/api/*', limitBodies);
  // NUL and lone surrogates in a JSON or multipart body: 400, before anything reaches the database
  app.use('/api/*', refuseUnsafeText);
  app.use('/api/*', compressJson);
  app.route('/api', avatarRoutes());
  app.route('/api', securityQuestionRoutes({ accounts, authLimit: limits.auth }));
  app.route(
    '/api',
    userRoutes({
      accounts,
      authLimit: limits.auth,
      aliasLimit: limits.alias,
      registerLimit: limits.register,
    }),
  );
  app.route('/api', lmsRoutes({ learning, auth: sessionAuth(accounts) }));
  app.route(
    '/api',
    feedbackRoutes({ learning, auth: sessionAuth(accounts), viewer: optionalSession(accounts) }),
  );
  app.route('/api', articleRoutes({ articles: createArticles({ database: db }) }));
  app.route('/api', expertRoutes({ experts: createExperts({ db: db.db, catalogue: learning.catalogue }) }));
  const auth = sessionAuth(accounts);
  // the quote and the code check tell whether a code exists: a per-address bucket against guessing codes
  app.route(
    '/api',
    coursePurchaseRoutes({ commerce, auth, viewer: optionalSession(accounts), limit: limits.coupon }),
  );
  app.route('/api', billingRoutes({ commerce, auth, pdfLimit: limits.pdf }));
  app.route('/api', sandboxPayRoutes({ sandbox, auth, limit: limits.card }));
  // public forms (issue 9): one bucket per address across the five forms
  const forms = createForms({ database: db, clock, config: formsConfig, log });
  app.route('/api', formRoutes({ forms, limit: limits.forms }));
  // expert consultations (issue 10): the expert's mail through SMTP_URL when set
  const consultations = createConsultations({
    database: db,
    clock,
    provider: paymentProvider ?? sandbox,
    config: consultationsConfig,
    log,
    mailer:
      bookingMailer !== undefined
        ? bookingMailer
        : formsConfig.smtpUrl
          ? createBookingMailer(smtpTransport(formsConfig.smtpUrl), formsConfig.mailFrom)
          : null,
    teamEmail: formsConfig.teamEmail,
    mailFrom: formsConfig.mailFrom,
  });
  // a paid charge is never left without an order or a refund (issue 20): the provider's completion
  // event finishes her request; main.ts runs completion.reconcile() at start and every few minutes
  const completion = createPaymentCompletion({
    database: db,
    clock,
    provider: paymentProvider ?? sandbox,
    purchases: commerce,
    consultations,
    log,
  });
  app.route(
    '/api',
    consultationRoutes({
      consultations,
      auth,
      pdfLimit: limits.pdf,
      holdLimit: limits.hold,
      confirmLimit: limits.confirm,
    }),
  );

  // her data (issue 25): the export (limited per member in every process) and deleting her account
  app.route(
    '/api',
    accountDataRoutes({
      exporter: createAccountExport({
        db: db.db,
        clock,
        catalogue: learning.catalogue,
        dataKeys: consultationsConfig.dataKeys,
      }),
      deletion: createAccountDeletion({
        database: db,
        clock,
        accounts,
        consultations,
        catalogue: learning.catalogue,
      }),
      auth,
      exportLimit: limits.export,
    }),
  );

  // the community circle (issue 27): members ask and answer, moderated by staff
  app.route('/api', circleRoutes({ database: db, clock, config, log, auth, postLimit: limits.circlePost }));

  // the staff side (issue 26): staff accounts, the expert portal, the team inbox, admin changes
  app.route(
    '/api',
    staffRoutes({
      database: db,
      clock,
      config,
      hasher: hashes,
      log,
      consultations,
      consultationsConfig,
      forms,
      catalogue: learning.catalogue,
      provider: paymentProvider ?? sandbox,
      authLimit: limits.staffAuth,
    }),
  );

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `token` from register or login: 256 random bits, valid 7 days.',
  });
  let document: Record<string, unknown> | undefined;
  const openApiDocument = () => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Amina Health API',
        version: '1.0.0',
        description:
          'JSON in and out, camelCase. Errors: { error: { code, message, fields?, fieldCodes?, retryAfter? } }, message in the Accept-Language (en or ar).',
      },
    }) as unknown as Record<string, unknown>;
    return document;
  };
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/api/docs', (c) => c.html(renderDocs(openApiDocument())));

  app.all('/api/*', () => {
    throw new ApiError('NOT_FOUND');
  });
  app.all('/api', () => {
    throw new ApiError('NOT_FOUND');
  });

  // 3. the front end: sitemap.xml and robots.txt, then the build (each page's shell with its own meta)
  app.route('/', siteRoutes(siteMeta));
  app.use('*', site.middleware);
  app.notFound(notFound);
  app.onError(handleError(log));

  return Object.assign(app, { site, forms, hot, consultations, completion });
}

export type App = ReturnType<typeof createApp>;
