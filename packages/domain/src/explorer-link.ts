/**
 * The block-explorer page of a transaction. A network's explorer setting (`explorerTxUrl` of the
 * client config) is a prefix the hash is appended to (`https://etherscan.io/tx/`); a template with
 * a `{hash}` placeholder is accepted too. Null without an explorer or a hash: the hash is then
 * shown as text.
 */
export function explorerTxUrl(
  explorer: string | null | undefined,
  txHash: string | null | undefined,
): string | null {
  const base = explorer?.trim();
  const hash = txHash?.trim();
  if (!base || !hash) return null;
  const encoded = encodeURIComponent(hash);
  return base.includes('{hash}') ? base.replaceAll('{hash}', encoded) : `${base}${encoded}`;
}

/** 0x5c504e…b22060: enough to recognise a hash or an address in a table cell. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
