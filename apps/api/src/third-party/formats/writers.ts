import type { ResolvedProxy } from '../../nodes/index.ts';
import type { SubscriptionFormat } from '../client-format.ts';
import { clashConfig } from './clash.ts';
import { loonList, loonReads } from './loon.ts';
import type { SubscriptionProfile } from './profile.ts';
import { quantumultXList, quantumultXReads } from './quantumult-x.ts';
import { shareLinkList } from './share-links.ts';
import { singboxConfig } from './singbox.ts';
import { surgeConfig, surgeReads } from './surge.ts';

export interface FormatWriter {
  write: (profile: SubscriptionProfile) => string;
  /** Whether the client reads this proxy; the others are left out of its configuration. */
  reads: (proxy: ResolvedProxy) => boolean;
  type: string;
  extension: string;
}

const everything = () => true;

/** One writer per format (docs: src/third-party/README.md, "The subscription download"). */
export const WRITERS: Record<SubscriptionFormat, FormatWriter> = {
  clash: {
    write: clashConfig,
    reads: everything,
    type: 'text/yaml; charset=utf-8',
    extension: 'yaml',
  },
  singbox: {
    write: singboxConfig,
    reads: everything,
    type: 'application/json; charset=utf-8',
    extension: 'json',
  },
  base64: {
    write: shareLinkList,
    reads: everything,
    type: 'text/plain; charset=utf-8',
    extension: 'txt',
  },
  surge: {
    write: surgeConfig,
    reads: surgeReads,
    type: 'text/plain; charset=utf-8',
    extension: 'conf',
  },
  quantumultx: {
    write: quantumultXList,
    reads: quantumultXReads,
    type: 'text/plain; charset=utf-8',
    extension: 'txt',
  },
  loon: { write: loonList, reads: loonReads, type: 'text/plain; charset=utf-8', extension: 'txt' },
};
