/**
 * How another person's account is shown in lists (invitation records, group creators): enough
 * to recognise a friend, never enough to contact or sign in as them. "ab***@gmail.com",
 * "+86 139****5678", "us***3"; an erased (deleted) account is "***".
 */
export function maskedAccount(user: {
  email: string | null;
  phone: string | null;
  username_display: string | null;
}): string {
  if (user.email) {
    const at = user.email.lastIndexOf('@');
    const local = user.email.slice(0, at);
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${user.email.slice(at)}`;
  }
  if (user.phone) {
    // E.164: keep the country prefix and the first digits the way people read them, and the last
    // four.
    return `${user.phone.slice(0, Math.max(0, user.phone.length - 8))}****${user.phone.slice(-4)}`;
  }
  if (user.username_display) {
    const name = user.username_display;
    // Never more than half of a name shows.
    return name.length < 7 ? `${name.charAt(0)}***` : `${name.slice(0, 2)}***${name.slice(-1)}`;
  }
  return '***';
}
