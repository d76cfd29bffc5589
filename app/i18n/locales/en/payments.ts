// Card payments through Stripe (features/payments): the saved-card page, confirming a payment the
// bank asks about (3-D Secure), and what a family is notified of (notify.*, in-app type "payment").
export default {
  notify: {
    paid: {
      title: "Payment received for {{invoiceNumber}}",
      message: "Your card was charged {{amount}} for invoice {{invoiceNumber}}. Thank you.",
      action: "View invoice",
    },
    confirm: {
      title: "Confirm your payment for {{invoiceNumber}}",
      message: "Your bank needs you to confirm the payment for {{invoiceNumber}} ({{amount}}).",
      action: "Confirm payment",
    },
    failed: {
      title: "Payment failed for {{invoiceNumber}}",
      message_one:
        "We could not charge your card {{amount}} for invoice {{invoiceNumber}}. We will try again in {{count}} day, or you can update your card now.",
      message_other:
        "We could not charge your card {{amount}} for invoice {{invoiceNumber}}. We will try again in {{count}} days, or you can update your card now.",
      action: "View invoice",
    },
    failedFinal: {
      title: "Payment overdue for {{invoiceNumber}}",
      message:
        "We could not charge your card {{amount}} for invoice {{invoiceNumber}} and will not try again. Please update your card or contact us to pay another way.",
      action: "View invoice",
    },
  },
  card: {
    metaTitle: "Payment card",
    title: "Payment card",
    intro: "Invoices are charged to this card when they are issued.",
    privacy: "Your card number goes straight to Stripe, our payment processor. Tendly never sees or stores it.",
    notConfigured:
      "Card payments are not available. Pay your invoices by bank transfer or check as shown below; our team records each payment when it arrives.",
    howToPayTitle: "How to pay",
    otherWaysTitle: "Other ways to pay",
    savedTitle: "Saved card",
    savedCard: "{{brand}} ending in {{last4}}",
    expires: "Expires {{month}}/{{year}}",
    none: "No card is saved yet. Add one so that invoices are paid automatically.",
    unavailable: "Your saved card could not be loaded just now. Try again in a moment.",
    add: "Add a card",
    replace: "Replace card",
    formTitle: "Card details",
    fieldLabel: "Card",
    save: "Save card",
    saving: "Saving…",
    cancel: "Cancel",
    loading: "Loading the secure card form…",
    loadFailed: "The card form could not load. Check your connection and try again.",
    saved: "Your card is saved. Due invoices will be charged to it.",
    declined: "The card was not saved: {{message}}",
    back: "Back to billing",
    errors: {
      "setup-unknown": "We could not find that card setup. Please add the card again.",
      "setup-incomplete": "The card was not saved. Please try again.",
      generic: "Something went wrong while saving the card. Please try again.",
    },
  },
  confirm: {
    title: "Your bank needs you to confirm this payment",
    intro: "Confirm the payment of {{amount}} with your bank. A window from your bank may open.",
    button: "Confirm payment",
    working: "Confirming…",
    done: "Payment confirmed. Thank you. The invoice will show as paid in a moment.",
    failed: "The payment was not confirmed: {{message}}",
    loadFailed: "The secure payment form could not load. Check your connection and try again.",
  },
  payNow: {
    button: "Pay now",
    paying: "Paying…",
    lastError: "The last charge to your card failed: {{message}}",
    addCard: "Add a card to pay",
  },
  booking: {
    heading: "Pay invoices automatically",
    text: "Save a card now and each invoice is charged when it is issued, after the care has happened.",
    link: "Save a card",
  },
  brands: {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
    other: "Card",
  },
};
