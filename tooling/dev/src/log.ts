/** Readable, prefixed lines: each source of `pnpm dev` has its tag and colour. */
const COLOURS: Record<string, number> = {
  dev: 90,
  api: 36,
  marketing: 35,
  account: 32,
  affiliate: 33,
};
const WIDTH = Math.max(...Object.keys(COLOURS).map((tag) => tag.length));
const colour = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;

export function prefix(tag: string): string {
  const padded = tag.padEnd(WIDTH);
  const code = COLOURS[tag] ?? 37;
  return colour ? `\x1b[${code}m${padded}\x1b[0m │ ` : `${padded} │ `;
}

/** Writes `text` line by line with the tag in front (partial lines wait for their end). */
export function lineWriter(tag: string, out: NodeJS.WritableStream = process.stdout) {
  let pending = '';
  const head = prefix(tag);
  return {
    write(chunk: Buffer | string): void {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(`${head}${line}\n`);
    },
    flush(): void {
      if (pending !== '') out.write(`${head}${pending}\n`);
      pending = '';
    },
  };
}

export function log(tag: string, line: string): void {
  process.stdout.write(`${prefix(tag)}${line}\n`);
}
