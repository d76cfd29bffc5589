// Credentials that expire (/caregiver/credentials, /admin/credentials; docs/product-rules.md,
// "Credentials that expire"): the kinds, the caregiver's page and form, the gate on offers and
// backups, the admin's list, and the reminders (notify.*, written by the reminder job).
export default {
  meta: {
    title: "Credentials | Tendly",
    adminTitle: "Expiring credentials | Tendly Admin",
  },
  kinds: {
    cpr: "CPR / first aid card",
    tb_test: "TB test",
    licence: "Licence (CNA, HHA)",
    background_recheck: "Background re-check",
  },
  page: {
    heading: "Credentials",
    intro:
      "Keep the date on each credential current. A CPR / first aid card or a TB test past its date stops new offers and backup visits until you upload the renewed one here; the change counts at once.",
    required: "Required",
    optional: "Optional",
    none: "Not on file",
    expiresOn: "Valid until {{date}}",
    expiredOn: "Expired on {{date}}",
    expiring_one: "Expires in {{count}} day",
    expiring_other: "Expires in {{count}} days",
    verified: "Verified by Tendly",
    notVerified: "Waiting for Tendly to check",
    viewDocument: "View the document",
    formHeading: "Upload or renew a credential",
    kind: "Credential",
    expiry: "Expiry date",
    expiryHint: "The last day printed on the card or letter. A date already past is not accepted.",
    file: "Document (PDF or photo, up to 10 MB)",
    save: "Save credential",
    saving: "Saving…",
    saved: "{{credential}} saved, valid until {{date}}.",
  },
  gate: {
    expired: "A required credential has expired. Renew it to accept new offers:",
    expiring: "A credential expires soon. Renew it before the date to keep receiving offers:",
    item: "{{credential}}: expired on {{date}}",
    itemSoon: "{{credential}}: valid until {{date}}",
    link: "Renew on Credentials",
  },
  refusals: {
    expired: {
      cpr: "Your CPR / first aid card has expired. Upload the renewed card on Credentials (/caregiver/credentials) to accept new offers.",
      tb_test:
        "Your TB test has expired. Upload the new result on Credentials (/caregiver/credentials) to accept new offers.",
      licence:
        "Your licence has expired. Upload the renewed licence on Credentials (/caregiver/credentials) to accept new offers.",
      background_recheck:
        "Your background re-check has expired. Upload the new one on Credentials (/caregiver/credentials) to accept new offers.",
    },
    notFound: "This credential does not exist.",
  },
  errors: {
    kind: "Choose which credential this is.",
    date: "Enter the expiry date as a real date.",
    past: "This date has already passed. Upload a credential that is still valid.",
    tooLarge: "This file is larger than 10 MB. Choose a smaller file or a photo of the card.",
  },
  admin: {
    heading: "Expiring credentials",
    intro: "Caregivers' credentials expired or expiring within 30 days, soonest first.",
    empty: "No credential expires within 30 days.",
    caregiver: "Caregiver",
    credential: "Credential",
    date: "Valid until",
    standing: "Status",
    expired: "Expired",
    expiring: "Expiring",
    current: "Current",
    required: "required",
    notVerified: "not verified yet",
    noneOnFile: "None on file",
    verified: "Verified",
    verify: "Mark {{credential}} of {{name}} verified",
    verifyShort: "Mark verified",
    verifiedDone: "Credential marked verified.",
    document: "Document",
    none: "None",
    onlyAdmins: "Only administrators can see caregivers' credentials.",
  },
  notify: {
    due30: {
      title: "A credential expires in 30 days",
      message: "Your {{credential}} is valid until {{date}}. Upload the renewed one before then.",
      action: "Renew",
    },
    due7: {
      title: "A credential expires in 7 days",
      message:
        "Your {{credential}} is valid until {{date}}. After that date a required credential stops new offers until it is renewed.",
      action: "Renew",
    },
  },
};
