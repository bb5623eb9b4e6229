import Koa from 'koa';
import type { Config } from './config';
import type { Keyring } from './app-key';
import type { AppParts } from './app-parts';
import type { Db } from './db/connection';
import type { Logger } from './logger';
import { assertEveryRouteDeclared } from './middleware/access';
import { adminSession } from './middleware/admin-session';
import { bodyParser } from './middleware/body-parser';
import { cachedAnswers, answerFirst } from './middleware/cached-answer';
import { createCachedAnswerLog, type CachedAnswerLog } from './middleware/cached-answer-log';
import { canonicalUrl } from './middleware/canonical-url';
import { compression } from './middleware/compression';
import { pageCache, uncachedApiAndBackOffice } from './middleware/page-cache';
import { errorHandler, logLateError, notFound } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { helmetHeaders, securityHeaders } from './middleware/security-headers';
import { staticAssets } from './middleware/static-assets';
import { loadManifest } from './render/manifest';
import { createPageRenderer } from './render/render-page';
import { createPageSender } from './render/send-page';
import { renderErrorPage } from './render/error-page';
import { adminAuthApiRoutes } from './routes/admin-auth';
import { adminPageRoutes } from './routes/admin-pages';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { adminFormRoutes } from './routes/admin-forms';
import { analyticsApiRoutes, pageViewRoutes } from './routes/analytics';
import { leadRoutes } from './routes/leads';
import { replyRoutes } from './routes/replies';
import { inboundMailRoutes } from './routes/inbound-mail';
import { formApiRoutes, formPostRoutes } from './routes/forms';
import { publicPageRoutes } from './routes/pages';
import { portfolioApiRoutes } from './routes/portfolio-api';
import { contentImageRoutes } from './routes/content-images';
import { projectRoutes } from './routes/projects';
import { seoRoutes } from './routes/seo';
import { settingsRoutes } from './routes/settings';
import { taskRoutes } from './routes/tasks';
import { dashboardRoutes } from './routes/dashboard';
import { firstRunRoutes } from './routes/first-run';
import { createFirstRun } from './services/first-run';
import { mailHealthRoutes } from './routes/mail-health';
import { personalDataRoutes } from './routes/personal-data';
import { auditRoutes } from './routes/audit';
import { setPasswordPageRoutes } from './routes/set-password-pages';
import { userRoutes } from './routes/users';
import { accountEmailPageRoutes } from './routes/account-email-pages';
import { accountRoutes } from './routes/account';
import { backupRoutes } from './routes/backups';
import { contentRoutes } from './routes/content';
import { createContentEditing, createPageAddresses, createContentPreview, createContentTransfer, type ContentEditing, type SiteContentStore } from './content';
import { contentPreviewRoutes } from './routes/content-preview';
import { contentTransferRoutes } from './routes/content-transfer';
import { createAccountMail, createAdminAuth, createAdminUsers, createForgotPassword, createStaffEmail, type AdminAuthDeps } from './auth';
import { createAnalyticsReportService } from './services/analytics-report';
import { createAuditTrail } from './services/audit';
import { createTestEmail } from './services/test-email';
import { createImapTest } from './services/mailbox-connection';
import type { ReplyPromise } from '../shared/reply-clock';
import { createPortfolioService } from './services/portfolio';
import { createContentImageService } from './services/content-images';
import {
  confirmationsWithheld,
  createDashboardService,
  createFormService,
  createInboundMail,
  createLeadReplies,
  createLeadService,
  createPersonalData,
  createProjectService,
  createReplyQueue,
  type InboundMail,
} from './leads';
import { createNotices } from './services/notices';
import { createMailHealth } from './services/mail-health';
import { createRedirects } from './redirects';
import { followRedirects } from './redirects/serve';
import { takenByTheSite } from './redirects/taken';
import { sitePathOf, toAddressOf } from './redirects/paths';
import { redirectRoutes } from './routes/redirects';
import type { SettingsService } from './services/settings';
import { formServiceOptions } from '../shared/forms';

/** What the app is built from: its parts (`createAppParts`, the same for the server and the tests) and what only some callers give. */
export interface AppDeps extends Omit<AppParts, 'checkMailServer'> {
  config: Config;
  db: Db;
  logger: Logger;
  /** The application key: seals the SMTP password and the two-factor secrets stored in the database. */
  keyring: Keyring;
  /** The content editing service (its scheduler started by the server); one of the app's own if not given. */
  contentEditing?: ContentEditing;
  /** Filing of clients' answers, shared with the server's mailbox reader; one of the app's own if not given. */
  inboundMail?: InboundMail;
  /** Folder holding the build's `manifest.json` and `assets/`. */
  assetsDir: string;
  /** Called when a form submission queued a staff notification (wakes the outbox worker). */
  onFormQueued?: () => void;
  /** Tests only: the clock of the reply promise and the back office's figures. */
  now?: () => Date;
  /** Tests only: the clock admin sessions are timed by, and a shorter failed-login delay. */
  adminAuthOptions?: Pick<AdminAuthDeps, 'now' | 'failureDelayMs' | 'sleep'>;
  /** Where answers from the render cache are counted (flushed at shutdown); one on `logger` if not given. */
  cachedAnswerLog?: CachedAnswerLog;
}

/**
 * The reply promise in force: Settings' hours and whether only working hours count, counted in the
 * opening hours the site shows (the agency details).
 */
export function replyPromiseIn(settings: SettingsService, siteContent: SiteContentStore): () => ReplyPromise {
  return () => ({ ...settings.current(), openingHours: siteContent.current().business.openingHours });
}

/**
 * The whole request path, top to bottom: who is asking, how errors are answered, the headers every
 * answer carries, then the routes by audience, and finally "not found".
 */
export function createApp({ config, db, logger, lifecycle, contentVersion, siteContent, settings, keyring, mailer, mailboxConnection, analytics, backups, contentEditing, inboundMail, assetsDir, onFormQueued, adminAuthOptions, backgroundTasks, cachedAnswerLog = createCachedAnswerLog(logger), now = () => new Date() }: AppDeps): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  app.on('error', logLateError(logger));
  const renderPage = createPageRenderer(config, loadManifest(assetsDir), siteContent.current);
  const sendPage = createPageSender(renderPage);
  const portfolio = createPortfolioService({ db, contentVersion });
  const contentImages = createContentImageService({ db, onStored: siteContent.loadImages });
  const audit = createAuditTrail({ db, now: adminAuthOptions?.now });
  const auth = createAdminAuth({ db, logger, audit, requireTwoFactor: () => settings.current().requireTwoFactor, keyring, publicUrl: config.publicUrl, ...adminAuthOptions });
  const accountMail = createAccountMail({ mailer, publicUrl: config.publicUrl, agency: () => siteContent.current().business });
  const users = createAdminUsers({ db, auth, audit, accountMail, now: adminAuthOptions?.now });
  const staffEmail = createStaffEmail({ db, auth, audit, accountMail, now: adminAuthOptions?.now });
  const forgotPassword = createForgotPassword({ db, audit, accountMail, tasks: backgroundTasks, logger, now: adminAuthOptions?.now });
  const sendTestEmail = createTestEmail({ db, mailer, audit });
  // The agency as its mail shows it: the published details, and the inbox answers go to (Settings, Mail).
  const agencyForMail = () => ({ ...siteContent.current().business, replyAddress: settings.current().replyAddress, replyAddressTags: settings.current().replyAddressTags });
  const replyPromise = replyPromiseIn(settings, siteContent);
  const forms = createFormService({
    db,
    config,
    logger,
    // The services published now, so a service staff publish or retire joins or leaves the forms.
    serviceOptions: () => formServiceOptions(siteContent.current().services),
    onQueued: onFormQueued,
    spamRetentionDays: () => settings.current().retentionDays.spam,
    visitOf: analytics.sourceOf,
    replyPromise,
    visitorConfirmation: () => settings.current().visitorConfirmation,
    visitorConfirmationText: () => settings.current().visitorConfirmationText,
    mailFrom: mailer.sender,
    agency: agencyForMail,
    audit,
    now,
  });
  const personalData = createPersonalData({ db, audit, logger, now });
  const replies = createLeadReplies({ db, audit, sender: mailer.sender, agency: agencyForMail, onQueued: onFormQueued, replyPromise, now });
  const content =
    contentEditing ?? createContentEditing({ db, audit, contentVersion, siteContent, renderPage, timeZone: () => settings.current().timeZone, logger, now });
  const contentPreview = createContentPreview({ db, siteContent, renderPage, portfolio, audit, publicUrl: config.publicUrl, mailer, agency: agencyForMail, now });
  const leads = createLeadService({ db, audit, publicUrl: config.publicUrl, onQueued: onFormQueued, replyPromise, replies, now });
  // The Redirects list: an old address is free when nothing of the site answers it (the routes
  // are read when asked, once declared below).
  const takenBy = takenByTheSite({
    routers: () => [...earlyRoutes, ...routes],
    // The services and industries live now: an address one of them answers is taken.
    pageSources: { get content() { return siteContent.current(); }, portfolio, absolute: (path) => `${config.publicUrl}${path}` },
  });
  const redirects = createRedirects({ db, audit, takenBy, publicUrl: config.publicUrl, now });
  // Changing a page's address and retiring a page keep a redirect from every address it had.
  const addresses = createPageAddresses({
    db,
    audit,
    contentVersion,
    reloadContent: () => siteContent.load(),
    content: content.content,
    redirects: { record: redirects.record, release: redirects.release, addressOf: (to) => toAddressOf(to, config.publicUrl), sitePathOf },
    isLivePage: async (path) => (await takenBy(path))?.by === 'page',
    now,
  });
  // Every route, each declaring who may call it (`allow.*`; the app refuses to start otherwise).
  // Health checks and stored images need neither a session nor a body.
  const earlyRoutes = [healthRoutes(db, lifecycle), mediaRoutes(db, (id) => contentImages.find(id, siteContent.current().images))];
  const routes = [
    // The portfolio API and the content images' upload (uploads are read by their routes
    // themselves, with their own limits); the latter before the content API's `/api/content/{key}`.
    portfolioApiRoutes(portfolio, audit),
    contentImageRoutes(contentImages, audit),
    // Visitors: the public pages (the table of public pages), sitemap and robots.txt, the forms'
    // posts and JSON calls.
    publicPageRoutes(sendPage, portfolio, siteContent, config),
    formPostRoutes(sendPage, forms),
    seoRoutes(portfolio, siteContent, config),
    formApiRoutes(forms),
    // Page views: a pixel no cache keeps, so pages a CDN answered count too.
    pageViewRoutes(analytics, config, siteContent),
    // Admin: the dashboard (or its login screen), login and logout, the one-time set-password link,
    // and the back office's API.
    adminPageRoutes(sendPage, { auth, config, timeZone: () => settings.current().timeZone }),
    adminAuthApiRoutes({ auth, config }),
    adminFormRoutes(leads),
    leadRoutes(leads),
    replyRoutes(replies),
    inboundMailRoutes(inboundMail ?? createInboundMail({ db, audit, replyPromise, publicUrl: config.publicUrl, onQueued: onFormQueued, now }), createNotices({ db, now })),
    taskRoutes(createReplyQueue({ db, timeZone: () => settings.current().timeZone, now })),
    mailHealthRoutes(createMailHealth({ db, audit, mailSource: mailer.source, acknowledgementsWithheld: () => confirmationsWithheld(db), onRetry: onFormQueued, now })),
    personalDataRoutes(personalData),
    dashboardRoutes(createDashboardService({ db, timeZone: () => settings.current().timeZone, now })),
    firstRunRoutes(createFirstRun({ db, settings, mailSource: mailer.source, backupsCopiedOff: Boolean(config.backupS3), audit, now })),
    projectRoutes(createProjectService({ db, audit })),
    setPasswordPageRoutes(renderPage, users, staffEmail),
    accountEmailPageRoutes(renderPage, { forgotPassword, staffEmail }),
    accountRoutes(auth, staffEmail, users, config),
    userRoutes(users, auth.passkeys, config),
    settingsRoutes(settings, mailer, sendTestEmail, personalData, () => siteContent.current().business.email, createImapTest({ db, connection: mailboxConnection, audit })),
    auditRoutes(audit),
    backupRoutes(backups, auth, audit),
    analyticsApiRoutes(createAnalyticsReportService({ db, timeZone: () => settings.current().timeZone })),
    // Drafts shown on the real pages (staff, and clients through preview links) and content files,
    // before the content API, whose `/api/content/{key}` would otherwise read their paths as keys.
    contentPreviewRoutes(contentPreview, db),
    contentTransferRoutes(createContentTransfer({ db, audit, now })),
    contentRoutes({ ...content, addresses }),
    redirectRoutes(redirects),
  ];

  // A shutting-down instance tells keep-alive clients to reconnect elsewhere.
  app.use(async (ctx, next) => {
    if (lifecycle.shuttingDown) ctx.set('Connection', 'close');
    await next();
  });
  app.use(requestContext(logger, config.trustProxy));
  app.use(errorHandler(renderErrorPage(renderPage)));
  app.use(securityHeaders(config));
  // One spelling per address, before anything reads the path: other spellings of a page are
  // redirected, of an API call refused; unread query parameters of public pages are dropped.
  app.use(canonicalUrl([...earlyRoutes, ...routes], siteContent.current));
  // A public page already rendered for this content version is answered here, from memory.
  const pages = pageCache(siteContent);
  app.use(pages.answerFromMemory);
  app.use(compression());
  app.use(staticAssets(assetsDir));
  for (const router of earlyRoutes) app.use(router.routes());

  // No cache keeps an API or back-office answer unless its route declares it public.
  app.use(uncachedApiAndBackOffice());
  // The admin session, loaded for the back office's pages and the API only (public pages never
  // see one), before the routes whose declarations read it.
  app.use(adminSession({ auth, config }));
  app.use(bodyParser());

  // Every public page or data answer rendered below (sent with `sendPage` or `allowCaching`) is kept
  // for the next request (GET and HEAD).
  app.use(pages.keepRenders);
  for (const router of routes) app.use(router.routes());

  // What no route answered: an old address a redirect keeps working, else "not found".
  app.use(followRedirects(redirects));
  app.use(notFound());
  assertEveryRouteDeclared(app);
  // A public page the cache holds, asked for at its one address, is answered before all of the
  // above (the same headers and bytes, counted in a summary line instead of a request line each).
  answerFirst(app, cachedAnswers({ pages, commonHeaders: helmetHeaders(config.isProduction), lifecycle, trustProxy: config.trustProxy, log: cachedAnswerLog }));
  return app;
}
