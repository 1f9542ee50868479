/** A user's invite link: a path on the marketing site; the apps prefix their own origin. */
export const inviteLinkOf = (inviteCode: string) =>
  `/register?ref=${encodeURIComponent(inviteCode)}`;
