import type { NewNode } from './node-draft.ts';

/**
 * The V2bX `Nodes` entry for a new node (docs/nodes.md, "Point V2bX at it"): this server's origin
 * as ApiHost, the node id and its token, the core its protocol needs and where the certificate
 * for its server name would be.
 */
export function v2bxEntry(node: NewNode, nodeId: string, token: string, origin: string): string {
  const sni = typeof node.params['sni'] === 'string' ? node.params['sni'] : node.host;
  // Shadowsocks, REALITY and VMess without TLS serve no certificate.
  const needsCertificate =
    node.protocol !== 'shadowsocks' &&
    node.params['security'] !== 'reality' &&
    (node.protocol !== 'vmess' || node.params['tls'] === true);
  const entry = {
    Name: node.key,
    Core: node.protocol === 'hysteria2' ? 'sing' : 'xray',
    ApiHost: origin,
    ApiKey: token,
    NodeID: Number(nodeId),
    NodeType: node.protocol,
    Timeout: 30,
    ListenIP: '0.0.0.0',
    SendIP: '0.0.0.0',
    EnableProxyProtocol: false,
    CertConfig: needsCertificate
      ? {
          CertMode: 'file',
          CertDomain: sni,
          CertFile: `/etc/V2bX/${sni}.crt`,
          KeyFile: `/etc/V2bX/${sni}.key`,
        }
      : { CertMode: 'none' },
  };
  return JSON.stringify(entry, null, 2);
}
