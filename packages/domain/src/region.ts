/** The flag emoji of an ISO 3166 alpha-2 region ('JP' -> regional indicators J and P). */
export function regionFlag(region: string): string {
  return String.fromCodePoint(
    ...[...region.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}
