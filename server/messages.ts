import { LEAD_TYPE_LABELS, LEAD_TYPE_STATUSES, type LeadType } from '../shared/form-types';
import { PROJECT_STAGES, PROJECTS_PAGE_SIZE } from '../shared/projects';

/**
 * The texts the server answers with, in one map (as Ghost keeps its messages), so their wording is
 * read and changed in one place and tests name them instead of copying them. Texts a browser shows
 * too live in `shared/` beside the islands that show them (the forms', the login's, the portfolio's).
 */
export const messages = {
  http: {
    notFound: 'Page not found',
    apiNotFound: 'Not found',
    badRequest: 'Bad request',
    internal: 'Something went wrong on our side. Please try again later.',
    databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    payloadTooLarge: 'The request body is too large.',
    malformedJson: 'The request body is not valid JSON.',
    unreadableBody: 'The request body could not be read.',
  },
  forms: {
    rateLimited: 'Too many form submissions from your network. Please wait a few minutes and try again.',
    badFillTime: 'Fill time must be a number of milliseconds.',
    badClientToken: 'Client token must be 8 to 100 letters, digits, - or _.',
    unknownStatus: (type: LeadType) => `Unknown status for ${LEAD_TYPE_LABELS[type]}: use one of ${LEAD_TYPE_STATUSES[type].join(', ')}.`,
    submissionNotFound: 'Submission not found',
    notAPositiveNumber: (name: string) => `${name} must be a whole number of 1 or more.`,
    wrongContentType: {
      api: 'Send the form as JSON (Content-Type: application/json).',
      page: 'Send the form from its page (Content-Type: application/x-www-form-urlencoded).',
    },
  },
  admin: {
    notSignedIn: 'Please sign in as an admin to do this.',
    badCsrfToken: 'This request lacks a valid security token. Reload the page and try again.',
    crossSiteRefused: 'Cross-site requests are not allowed here.',
    notYourRole: 'Your role does not allow this; ask an owner.',
    usernameTaken: (username: string) => `An admin named "${username}" already exists.`,
    noSuchAdmin: (username: string) => `No admin named "${username}".`,
    /** Printed on the terminal at start-up (never logged): the address holds the only secret. */
    firstAdminSetup: (url: string) => `Set up the first admin: ${url} (single use, valid for one hour)`,
  },
  portfolio: {
    notMultipart: 'Send the portfolio item as multipart/form-data.',
    tooManyFields: 'The form has too many or too long fields.',
    unreadableUpload: 'The upload could not be read; send the form again.',
    invalidForm: 'The form is not valid.',
    notASliderImage: (ids: string[]) => `keepSliderImages: ${ids.join(', ')} is not a slider image of this item.`,
  },
  contentImages: {
    notMultipart: (field: string) => `Send the image as multipart/form-data, in a file field named "${field}".`,
    unknownFileField: (field: string) => `Unexpected file field: only "${field}" takes a file.`,
    oneFile: 'Send one image at a time.',
    noFile: (field: string) => `Choose an image to upload (a file field named "${field}").`,
  },
  leads: {
    notFound: 'Lead not found',
    unknownParameter: 'This is not a parameter of this call.',
    toBeforeFrom: 'The end of the date range is before its start.',
    statusMissing: 'Give the status to set.',
  },
  projects: {
    notFound: 'Project not found: only accepted quote requests are projects.',
    badStage: 'stage: choose accepted, in-progress or delivered.',
    stageFilter: `Use one of ${PROJECT_STAGES.join(', ')}.`,
    oneStage: 'Give one stage.',
    oneLimit: 'Give one limit.',
    limit: `Use a whole number from 1 to ${PROJECTS_PAGE_SIZE.max}.`,
    oneCursor: 'Give one cursor.',
  },
  lists: {
    badCursor: 'This is not a cursor of this list: use the nextCursor of a previous answer.',
  },
  users: {
    ownPasskeys: 'Remove your own passkeys in Your account.',
    unknownField: 'This is not a field of an account.',
    lastOwner: 'This is the last active owner: make another account an owner first.',
    notYourself: 'You cannot disable or delete your own account.',
    linkUsed: 'This link was used already.',
    passwordsDiffer: 'The two passwords differ.',
    emailTaken: 'Another account has verified this e-mail address.',
    noEmail: 'This account has no e-mail address: make a link to pass on instead.',
    emailUnverified: 'This account has not verified its e-mail address, so no reset can be sent there: make a link to pass on instead.',
  },
  account: {
    invalid: 'Please correct the highlighted fields.',
    unknownField: 'This is not a field of this form.',
    wrongCurrentPassword: 'This is not your current password.',
    noSuchSession: 'No such session of yours (it may have ended already).',
    emailTaken: 'Another account has verified this e-mail address.',
    verifyEmailLimited: (minutes: number) => `Several confirmation e-mails were sent in the last hour. Please try again in ${minutes} minutes.`,
    nothingToConfirm: 'Your account has no e-mail address waiting to be confirmed: add one first, or it is confirmed already.',
  },
  firstRun: {
    unknownField: 'This is not a field of the checklist.',
    unknownItem: 'This is not an item of the first-run checklist.',
  },
  twoFactor: {
    alreadyOn: 'Two-factor sign-in is on already; turn it off first to set it up again.',
    setupFirst: 'Start the setup first: POST /api/account/totp/setup.',
    wrongCode: 'This code is not right; enter the 6 digits your app shows now.',
    setupRequired: 'Set up two-factor sign-in first: the owners require it for every account.',
  },
  audit: {
    unknownFilter: 'This is not a filter of the audit trail.',
  },
  contentPreview: {
    unknownDocument: 'No such document of the site\'s content.',
    unknownLink: 'No such preview link.',
    noSuchPage: 'This page cannot be previewed.',
    notOnPath: (paths: string[]) => `This document is not shown on that page; preview it on ${paths.join(', ')}.`,
    draftInvalid: 'The draft of this document does not match its fields any more; open it in the editor and save it again.',
    badDays: `Choose how many days the link works: a whole number from 1 to 30.`,
    rateLimited: 'Too many preview pages opened from your network. Please wait a minute and try again.',
    sendUrl: 'Make a new preview link of this page and send that one (a link works only while it is not expired or revoked).',
    sendTo: 'Type the client’s e-mail address, such as name@example.com.',
    sendMessage: 'Keep the message under 2,000 characters.',
    mailOff: 'Mail is not set up, so the link cannot be e-mailed: copy it and send it yourself, or ask an owner to set up mail in Settings.',
    noReplyAddress: 'Nobody would receive the client’s answer: confirm your e-mail address on Your account, or ask an owner to set the reply address in Settings, Mail.',
    sendLimited: (limit: number, minutes: number) => `You have e-mailed ${limit} preview links this hour, the most one account may send. The next can go in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    sendFailed: (reason: string) => `The mail server did not take the e-mail: ${reason}`,
  },
  contentTransfer: {
    notJson: 'Send the content file as JSON (Content-Type: application/json).',
    notAContentFile: 'This is not a content file of this site: expected { "format": "brightpath-content", "schemaVersion", "documents" }.',
    newerSchema: (given: number, known: number) => `This file was written by a newer version of the site (content schema ${given}; this site reads up to ${known}).`,
    invalid: 'The content file has problems; nothing was imported.',
    unknownDocument: (key: string) => `${key}: not a document of this site; it is left out.`,
    missingImage: (path: string) => `${path}: this image is neither stored on this site nor carried in the file; export the file again from a site that has it.`,
    badImage: (path: string) => `${path}: the file's image data does not match its checksum.`,
    notAnImage: (path: string) => `${path}: not an uploaded image's address (/media/content/<id>).`,
    noJpeg: (path: string) => `${path}: the file carries no JPEG of this image (every image has one).`,
    /** Names one file of a carried image in a refusal: "/media/content/<id> (map.png), file <sha256>.jpg". */
    imageFile: (path: string, name: string, file: string) => `${path} (${name}), file ${file}`,
    notJsonText: 'The content file is not valid JSON.',
    unsupportedEncoding: 'Send the content file as it is, or compressed with gzip, deflate or br.',
    tooLarge: (megabytes: number) => `The content file is larger than ${megabytes} MB, the most an import takes.`,
    structureTooLarge: (megabytes: number) => `The content file holds more than ${megabytes} MB besides its images' data, the most an import takes.`,
    tooManyEntries: (limit: number) => `The content file holds more than ${limit.toLocaleString('en-US')} keys and list items, the most an import takes.`,
    tooDeep: (limit: number) => `The content file is nested deeper than ${limit} levels, the most an import takes.`,
  },
  settings: {
    invalid: 'Please correct the highlighted settings.',
    unknown: 'This is not a setting.',
    smtpPasswordMissing: 'Enter the password of this user (none is saved yet).',
    testEmailNoOwnAddress: 'Your account has no confirmed e-mail address to send the test to. Add or confirm it in Your account, or send the test to the notification recipients.',
    testEmailTo: 'Send the test to "me" or to the "recipients".',
    imapTestLimited: (seconds: number) => `You have tested the mailbox several times in the last minute. Please try again in ${seconds} seconds.`,
    testEmailLimited: (seconds: number) => `You have sent several test e-mails in the last minute. Please try again in ${seconds} seconds.`,
  },
  /** Why the site will not connect to the mail server set up in Settings (`server/services/mail-destination.ts`). */
  mailServer: {
    notFound: 'No address was found for this mail server: check its name.',
    notPublic: 'This mail server is on a private network or on this machine: the site only connects to one there when it is started with SMTP_ALLOW_PRIVATE=true.',
    notMailPort: (ports: readonly number[]) => `Use a mail port: ${ports.slice(0, -1).join(', ')} or ${ports.at(-1)}.`,
  },
} as const;
