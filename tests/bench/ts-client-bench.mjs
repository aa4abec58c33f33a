// The same sequential tools/call workload as toolgate-bench-calls, driven by the TypeScript SDK's
// client, so both clients are measured side by side against the same servers.
// Usage: node ts-client-bench.mjs <calls> <warmup> <tool> <argsJson> -- <server command> [args...]
// Prints one JSON object: {calls, seconds, callsPerSecond, p50us, p99us, cpuUsPerCall, connectMs}.
import { pathToFileURL } from 'node:url';

// ESM ignores NODE_PATH, so the SDK is loaded from tests/npm by path (TOOLGATE_NPM_DIR).
const npmDir = process.env.TOOLGATE_NPM_DIR;
if (!npmDir) {
  console.error('ts-client-bench.mjs: set TOOLGATE_NPM_DIR to tests/npm');
  process.exit(2);
}
const sdk = (file) => import(pathToFileURL(`${npmDir}/node_modules/@modelcontextprotocol/sdk/dist/esm/client/${file}`).href);
const { Client } = await sdk('index.js');
const { StdioClientTransport } = await sdk('stdio.js');

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
if (sep < 4) {
  console.error('usage: ts-client-bench.mjs <calls> <warmup> <tool> <argsJson> -- <command> [args...]');
  process.exit(2);
}
const [callsText, warmupText, tool, argsJson] = argv.slice(0, 4);
const [command, ...args] = argv.slice(sep + 1);
const calls = Number(callsText);
const warmup = Number(warmupText);
const toolArgs = JSON.parse(argsJson);

const connectStart = process.hrtime.bigint();
const client = new Client({ name: 'ts-bench', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
await client.listTools();
const connectMs = Number(process.hrtime.bigint() - connectStart) / 1e6;

for (let i = 0; i < warmup; ++i)
  await client.callTool({ name: tool, arguments: toolArgs });

const latencies = new Float64Array(calls);
const cpuStart = process.cpuUsage();
const wallStart = process.hrtime.bigint();
for (let i = 0; i < calls; ++i) {
  const t0 = process.hrtime.bigint();
  await client.callTool({ name: tool, arguments: toolArgs });
  latencies[i] = Number(process.hrtime.bigint() - t0) / 1e3;
}
const seconds = Number(process.hrtime.bigint() - wallStart) / 1e9;
const cpu = process.cpuUsage(cpuStart);
latencies.sort();
const pct = (p) => latencies[Math.min(calls - 1, Math.floor(calls * p))];
console.log(JSON.stringify({
  calls, seconds, callsPerSecond: calls / seconds, p50us: pct(0.5), p99us: pct(0.99),
  cpuUsPerCall: (cpu.user + cpu.system) / calls, connectMs,
}));
await client.close();
