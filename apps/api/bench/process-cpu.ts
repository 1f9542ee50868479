// CPU time of a process and every process below it (the server's cluster primary and its worker
// processes; worker threads count with their process), read from Linux's /proc. Elsewhere it
// answers null and the bench leaves the column empty.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ticksPerSecond;
}

function descendants(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tasks = `/proc/${found[i]}/task/${found[i]}/children`;
    const children = readFileSync(tasks, 'utf8').trim();
    if (children) found.push(...children.split(/\s+/).map(Number));
  }
  return found;
}

/** User + system CPU milliseconds used so far by `pid` and its descendants, or null. */
export function processTreeCpuMs(pid: number): number | null {
  try {
    let ticks = 0;
    for (const p of descendants(pid)) {
      // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks / clockTicks()) * 1000;
  } catch {
    return null;
  }
}
