/** The emails the auth endpoints send (plain text plus a simple HTML version). */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function htmlPage(paragraphs: string[], link: string, button: string): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`);
  const href = escapeHtml(link);
  return [
    "<!doctype html>",
    '<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a;">',
    body[0],
    `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(button)}</a></p>`,
    `<p style="font-size: 14px; color: #475569;">Or paste this address into your browser:<br>${href}</p>`,
    ...body.slice(1),
    "</body></html>",
  ].join("\n");
}

export function signInLinkEmail(link: string, siteName: string): EmailContent {
  const intro = `Use the link below to sign in to ${siteName}.`;
  const outro =
    "The link works once. If you did not ask for it, you can ignore this email: nobody can sign in without it.";
  return {
    subject: "Your sign-in link",
    text: `Hello,\n\n${intro}\n\n${link}\n\n${outro}\n`,
    html: htmlPage([intro, outro], link, `Sign in to ${siteName}`),
  };
}

export function passwordResetEmail(link: string, siteName: string): EmailContent {
  const intro = `Someone asked to reset the password of your ${siteName} account. Use the link below to choose a new one.`;
  const outro =
    "The link works once. If you did not ask for it, you can ignore this email: your password stays the same.";
  return {
    subject: "Reset your password",
    text: `Hello,\n\n${intro}\n\n${link}\n\n${outro}\n`,
    html: htmlPage([intro, outro], link, "Choose a new password"),
  };
}
