import { renderEmail } from "./layout";

// The care loop's emails: request received (family), offer (caregiver),
// caregiver confirmed (family), cancellation (both sides). Health details
// never travel by email.

export function requestReceivedEmail(input: { firstName: string; orderNumber: string; url: string }) {
  return renderEmail({
    subject: `We received your care request ${input.orderNumber}`,
    preheader: "We are offering it to the caregivers who fit best.",
    heading: "Your care request is in",
    paragraphs: [
      `Hi ${input.firstName}, thank you for choosing Tendly. Your request ${input.orderNumber} is received.`,
      "We offer it to the caregiver you choose, or the best match, and tell you as soon as a caregiver accepts. If a caregiver cannot take it, we offer it to the next best match.",
    ],
    action: { label: "See your request", url: input.url },
  });
}

export function offerEmail(input: {
  firstName: string;
  orderNumber: string;
  area: string;
  expiresAt: string;
  url: string;
}) {
  return renderEmail({
    subject: `New care offer ${input.orderNumber} near ${input.area}`,
    preheader: `Please accept or decline by ${input.expiresAt}.`,
    heading: "A family would like your care",
    paragraphs: [
      `Hi ${input.firstName}, you have a new offer (${input.orderNumber}) in ${input.area}.`,
      `Open it to see the schedule and the pay for the job, then accept or decline by ${input.expiresAt}. After that it goes to another caregiver.`,
    ],
    action: { label: "Open the offer", url: input.url },
  });
}

export function caregiverConfirmedEmail(input: {
  firstName: string;
  orderNumber: string;
  caregiverName: string;
  firstVisit: string | null;
  url: string;
}) {
  return renderEmail({
    subject: `${input.caregiverName} confirmed your care ${input.orderNumber}`,
    preheader: input.firstVisit ? `First visit: ${input.firstVisit}.` : "Your caregiver is confirmed.",
    heading: "Your caregiver is confirmed",
    paragraphs: [
      `Hi ${input.firstName}, ${input.caregiverName} accepted your request ${input.orderNumber}.`,
      input.firstVisit ? `The first visit is ${input.firstVisit}.` : "Your visits are on your appointments page.",
    ],
    action: { label: "See your appointments", url: input.url },
  });
}

export function orderCancelledEmail(input: {
  firstName: string;
  orderNumber: string;
  byWhom: string;
  reason: string;
  url: string;
}) {
  return renderEmail({
    subject: `Care order ${input.orderNumber} was cancelled`,
    preheader: `Cancelled by ${input.byWhom}.`,
    heading: "This care order is cancelled",
    paragraphs: [
      `Hi ${input.firstName}, order ${input.orderNumber} was cancelled by ${input.byWhom}.`,
      `Reason given: ${input.reason}`,
      "Its upcoming visits are cancelled too.",
    ],
    action: { label: "See the order", url: input.url },
  });
}
