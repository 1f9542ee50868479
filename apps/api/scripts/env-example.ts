// Writes the repository's .env.example from the server's env schema (src/config/env-schema.ts):
// `pnpm --filter @nimbus/app-api env-example`. test/env-example.test.ts fails when the committed
// file differs from what this writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENV_VARS } from '../src/config/env-schema.ts';

export const envExamplePath = path.resolve(import.meta.dirname, '../../../.env.example');

function quoted(value: string): string {
  return /^[\w@%+,./:<>-]*$/.test(value) && !/[<>]/.test(value)
    ? value
    : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** Wraps `text` into comment lines of at most `width` characters. */
function comment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function envExample(): string {
  const out = [
    '# Every environment variable of the Nimbus server, with its default.',
    '# GENERATED from apps/api/src/config/env-schema.ts by `pnpm --filter @nimbus/app-api env-example`:',
    '# edit the schema, not this file. Copy it to .env (or /etc/nimbus/nimbus.env), uncomment and set',
    '# what you change; an unset variable takes the default. docs/production.md says which ones',
    '# production needs (NODE_ENV, HOST, PUBLIC_URL, TRUST_PROXY, DATABASE_URL, SMTP_URL, ...).',
  ];
  for (const v of ENV_VARS) {
    out.push('', ...comment(`${v.names.join(', ')} (default: ${v.default}): ${v.about}`));
    for (const name of v.names)
      out.push(`#${name}=${v.value === undefined ? '' : quoted(v.value)}`);
  }
  return `${out.join('\n')}\n`;
}

if (import.meta.main) {
  writeFileSync(envExamplePath, envExample());
  console.log(`wrote ${path.relative(process.cwd(), envExamplePath)}`);
}
