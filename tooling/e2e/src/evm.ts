import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  keccak256,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A local EVM for tests: hardhat 3's node on 127.0.0.1 (chain id 31337), plus a test ERC-20
 * compiled with solc-js (hardhat's own compiler download is unreachable here) and deployed with
 * viem. Reusable by any test that needs real on-chain payments (the API's crypto tests, the
 * marketing site's wallet end-to-end tests).
 */

export const LOCAL_CHAIN_ID = 31337;

/** Hardhat's well-known development accounts (public test keys, funded with 10,000 ETH each). */
export const DEV_ACCOUNTS = [
  privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
  privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'),
] as const;

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal ERC-20 for tests: anyone may mint.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`;

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

let compiled: Compiled | undefined;

/** Compiles the test token with solc-js (once per process, a few seconds). */
export function compileTestToken(): Compiled {
  if (compiled) return compiled;
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestToken.sol': { content: TOKEN_SOURCE } },
        settings: {
          evmVersion: 'cancun',
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']?.TestToken;
  if (!contract) throw new Error('solc produced no TestToken');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalEvm {
  rpcUrl: string;
  chainId: number;
  client: PublicClient;
  /** Deploys a fresh test ERC-20 and returns its address (lower-case). */
  deployToken(symbol: string, decimals: number): Promise<Address>;
  mint(token: Address, to: Address, amount: bigint): Promise<void>;
  /**
   * An ERC-20 transfer from a dev account; `gas` set skips estimation, so a failing transfer is
   * mined (reverted).
   */
  transferToken(
    from: number,
    token: Address,
    to: Address,
    amount: bigint,
    options?: { gas?: bigint },
  ): Promise<Hash>;
  sendNative(from: number, to: Address, value: bigint): Promise<Hash>;
  /** Mines `blocks` empty blocks (for confirmation counts). */
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `hardhat node` on a free loopback port with a minimal config in a temporary folder
 * inside this package (hardhat 3 refuses to run from an installation it cannot resolve locally).
 */
export async function startLocalEvm(): Promise<LocalEvm> {
  const dir = path.resolve(
    import.meta.dirname,
    `../node_modules/.cache/evm-${randomBytes(4).toString('hex')}`,
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module","private":true}\n');
  writeFileSync(path.join(dir, 'hardhat.config.js'), 'export default {};\n');
  const cli = createRequire(import.meta.url)
    .resolve('hardhat/package.json')
    .replace(/package\.json$/, 'dist/src/cli.js');
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        DO_NOT_TRACK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hardhat node did not start:\n${logs.join('')}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      logs.push(chunk.toString());
      if (logs.join('').includes('Started HTTP')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited:\n${logs.join('')}`));
    });
  });

  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const wallet = (index: number) => {
    const account = DEV_ACCOUNTS[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return createWalletClient({ account, chain, transport: http(rpcUrl) });
  };
  const { abi, bytecode } = compileTestToken();
  const settle = async (hash: Hash) => {
    await client.waitForTransactionReceipt({ hash });
    return hash;
  };

  return {
    rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    client,
    async deployToken(symbol, decimals) {
      const hash = await wallet(0).deployContract({
        abi,
        bytecode,
        args: [`Test ${symbol}`, symbol, decimals],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token deployment failed');
      return receipt.contractAddress.toLowerCase() as Address;
    },
    async mint(token, to, amount) {
      await settle(
        await wallet(0).writeContract({
          address: token,
          abi,
          functionName: 'mint',
          args: [to, amount],
        }),
      );
    },
    async transferToken(from, token, to, amount, options = {}) {
      if (options.gas === undefined)
        return settle(
          await wallet(from).writeContract({
            address: token,
            abi,
            functionName: 'transfer',
            args: [to, amount],
          }),
        );
      // With a fixed gas limit nothing is estimated: a transfer that reverts is still mined
      // (hardhat answers the send with the revert reason, so the hash is computed here).
      const w = wallet(from);
      const request = await w.prepareTransactionRequest({
        to: token,
        data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] }),
        gas: options.gas,
      });
      const signed = await w.signTransaction(request);
      const hash = keccak256(signed);
      await client.sendRawTransaction({ serializedTransaction: signed }).catch(() => undefined);
      return settle(hash);
    },
    async sendNative(from, to, value) {
      return settle(await wallet(from).sendTransaction({ to, value }));
    },
    async mine(blocks) {
      await client.request({
        method: 'hardhat_mine' as never,
        params: [`0x${blocks.toString(16)}`] as never,
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
