import type { TMail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;background:#f4f6fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#868e96">If the button does not work, open this address: ${escapeHtml(action.url)}</p>
</div></body></html>`;
}

export function passwordResetMail(to: string, firstName: string, url: string): TMail {
  const lines = [
    `Hi ${firstName},`,
    'We received a request to reset your Haulpro password. The link below works once and expires in one hour.',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ];
  return {
    to,
    subject: 'Reset your Haulpro password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Set a new password', url }),
  };
}

export function verifyEmailMail(to: string, firstName: string, url: string): TMail {
  const lines = [
    `Welcome to Haulpro, ${firstName}!`,
    'Please confirm your email address to finish setting up your account.',
  ];
  return {
    to,
    subject: 'Verify your Haulpro email',
    text: `${lines.join('\n\n')}\n\nVerify your email: ${url}\n`,
    html: layout('Verify your email', lines, { label: 'Verify email', url }),
  };
}

/** A new order, to a company's staff: the same message for each (the mailer's enqueueEach addresses it). */
export function newOrderMail(v: {
  orderId: number;
  branchName: string;
  date: string;
  window: string;
  total: string;
  url: string;
}): Omit<TMail, 'to'> {
  const lines = [
    `You have a new moving order #${v.orderId} for ${v.branchName}.`,
    `Move date: ${v.date}, arrival between ${v.window}. Order total: ${v.total}.`,
    'Please accept or reject it before the response deadline shown on the order, or it is rejected automatically.',
  ];
  return {
    subject: `New order #${v.orderId} for ${v.branchName}`,
    text: `${lines.join('\n\n')}\n\nOpen the order: ${v.url}\n`,
    html: layout(`New order #${v.orderId}`, lines, { label: 'Open the order', url: v.url }),
  };
}

/** A reviewer invitation (issue 16): the link opens a public page to review the branch without an account. */
export function reviewInviteMail(to: string, branchName: string, url: string): TMail {
  const lines = [
    `${branchName} would like to hear how your move went.`,
    'Please take a minute to rate them and leave a short comment. You do not need an account: the link below opens a page for your review.',
  ];
  return {
    to,
    subject: `How did ${branchName} do? Leave a review`,
    text: `${lines.join('\n\n')}\n\nLeave a review: ${url}\n`,
    html: layout(`Review ${branchName}`, lines, { label: 'Leave a review', url }),
  };
}

/** A labor user's e-mail copy of a notification they chose to receive by e-mail (decision 021). */
export function laborNoticeMail(to: string, firstName: string, title: string, url: string): TMail {
  const lines = [
    `Hi ${firstName},`,
    `${title}.`,
    'You get this email because it is switched on in Settings > Notifications; switch it off there any time.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nOpen Haulpro: ${url}\n`,
    html: layout(title, lines, { label: 'Open Haulpro', url }),
  };
}

export function referralInviteMail(
  to: string,
  v: { inviterName: string; code: string; clientUrl: string; moverUrl: string },
): TMail {
  const lines = [
    `${v.inviterName} invited you to Haulpro, where customers hire moving and delivery helpers.`,
    `Sign up with the referral code ${v.code} to accept the invitation.`,
    `Are you a mover or a helper? Register here instead: ${v.moverUrl}`,
  ];
  return {
    to,
    subject: `${v.inviterName} invited you to Haulpro`,
    text: `${lines.join('\n\n')}\n\nSign up: ${v.clientUrl}\n`,
    html: layout('You are invited to Haulpro', lines, { label: 'Sign up', url: v.clientUrl }),
  };
}

export function giftCouponMail(
  to: string,
  v: { senderName: string; coupon: string; amount: string; url: string },
): TMail {
  const lines = [
    `${v.senderName} sent you a Haulpro gift coupon worth ${v.amount}.`,
    `Your coupon code: ${v.coupon}`,
    'Enter it when you book a move: it takes the amount off the order price, once.',
  ];
  return {
    to,
    subject: `A ${v.amount} Haulpro gift coupon from ${v.senderName}`,
    text: `${lines.join('\n\n')}\n\nBook a move: ${v.url}\n`,
    html: layout('A gift coupon for you', lines, { label: 'Book a move', url: v.url }),
  };
}

/** Move day (decision 030): the crew is on its way. */
export function onTheWayMail(
  to: string,
  v: { orderId: number; branchName: string; eta: string | null; url: string },
): TMail {
  const title = `Your movers are on the way${v.eta ? `: arriving about ${v.eta}` : ''}`;
  const lines = [
    `${v.branchName} is on the way to your move #${v.orderId}${v.eta ? ` and expects to arrive about ${v.eta}` : ''}.`,
    'You can follow the job on your dashboard: arrival, the time worked and the running cost.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nFollow your move: ${v.url}\n`,
    html: layout(title, lines, { label: 'Follow your move', url: v.url }),
  };
}

/** Move day (decision 030): the signed work order, to both sides, the PDF attached. */
export function workOrderMail(
  to: string,
  v: { orderId: number; total: string; confirmedHow: string; pdfPath: string; url: string },
): TMail {
  const title = `Work order for move #${v.orderId}`;
  const lines = [
    `The final bill of move #${v.orderId} was ${v.confirmedHow}: ${v.total} in total.`,
    'The work order is attached as a PDF and stays on the order in Haulpro.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nOpen the order: ${v.url}\n`,
    html: layout(title, lines, { label: 'Open the order', url: v.url }),
    attachments: [
      { filename: `haulpro-work-order-${v.orderId}.pdf`, path: v.pdfPath, contentType: 'application/pdf' },
    ],
  };
}
