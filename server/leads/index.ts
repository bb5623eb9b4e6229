/**
 * The lead feature: what visitors send through the forms, the staff's work on it (the inbox, replies,
 * the reply queue, projects, the dashboard's figures), mail answering it, personal-data requests and
 * the morning digest. The rest of the server (the app's wiring and the routes) reaches the feature
 * only through this file; what is not exported here is the feature's own business.
 */
export { createDashboardService, type DashboardService } from './dashboard';
export { createFormService, purgeSpamFolder, type FormService } from './form-submissions';
export { createInboundMail, type InboundMail } from './inbound-mail';
export { createMorningDigest, digestSender } from './morning-digest';
export { createPersonalData, type PersonalDataService } from './personal-data';
export { createProjectService, type ProjectService } from './projects';
export { createLeadReplies, type LeadReplies } from './replies';
export { createReplyQueue, type ReplyQueue } from './reply-queue';
export { createLeadService, leadFields, type LeadService } from './service';
export { confirmationsWithheld } from './visitor-confirmation';
