// The TypeScript SDK v2 client (@modelcontextprotocol/client 2.4.0) against an MCP server over stdio, as the
// acceptance test of issue #15 runs it against toolgate-demo-server: it connects with the version negotiation
// asked for, lists the tools, calls echo and confirm_action (answering the form with accept + values through the
// client's elicitation/create handler, which serves both the legacy server request and the 2026-07-28
// input_required rounds), prints one JSON summary line on stdout and exits 1 on any failure.
//
//   node sdk-client.mjs --mode auto|2026-07-28|legacy -- <server program> [args...]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const separator = process.argv.indexOf('--');
const modeIndex = process.argv.indexOf('--mode');
const modeName = modeIndex >= 0 ? process.argv[modeIndex + 1] : 'auto';
if (separator < 0 || separator + 1 >= process.argv.length || !['auto', 'legacy', '2026-07-28'].includes(modeName)) {
  process.stderr.write('usage: node sdk-client.mjs --mode auto|2026-07-28|legacy -- <server program> [args...]\n');
  process.exit(2);
}
const [command, ...args] = process.argv.slice(separator + 1);
const mode = modeName === '2026-07-28' ? { pin: '2026-07-28' } : modeName;

const summary = { mode: modeName, ok: false };
const elicitations = [];
const failures = [];
const check = (condition, what) => { if (!condition) failures.push(what); };

const client = new Client(
  { name: 'toolgate-sdk-v2-client-test', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } },
);
// One handler for both eras: a legacy server sends elicitation/create itself; a modern one answers
// input_required and the client fulfils it through this same handler, then retries the call.
client.setRequestHandler('elicitation/create', async (request) => {
  elicitations.push(request.params?.message ?? null);
  return { action: 'accept', content: { confirm: true, reason: 'checked by the SDK client' } };
});

const textOf = (result) => (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

try {
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  summary.era = client.getProtocolEra();
  summary.protocolVersion = client.getNegotiatedProtocolVersion();
  summary.server = client.getServerVersion()?.name;

  const { tools } = await client.listTools();
  summary.tools = tools.map((t) => t.name);
  check(summary.tools.includes('echo') && summary.tools.includes('confirm_action'), 'tools/list lacks echo or confirm_action');

  summary.echo = textOf(await client.callTool({ name: 'echo', arguments: { text: 'hello from the SDK' } }));
  check(summary.echo === 'hello from the SDK', `echo answered ${JSON.stringify(summary.echo)}`);

  const confirm = await client.callTool({ name: 'confirm_action', arguments: { action: 'tidy the demo' } });
  summary.confirm = textOf(confirm);
  summary.elicitations = elicitations;
  check(!confirm.isError, 'confirm_action came back as a tool error');
  check(summary.confirm.startsWith('accepted:') && summary.confirm.includes('confirm = true')
        && summary.confirm.includes('checked by the SDK client'), `confirm_action answered ${JSON.stringify(summary.confirm)}`);
  check(elicitations.length === 1 && elicitations[0] === 'Really tidy the demo?',
        `the elicitation handler ran ${elicitations.length} times (${JSON.stringify(elicitations)})`);
  if (modeName === '2026-07-28') {
    check(summary.era === 'modern' && summary.protocolVersion === '2026-07-28',
          `pinned to 2026-07-28 but negotiated ${summary.era} ${summary.protocolVersion}`);
  }
} catch (error) {
  failures.push(`${error?.name ?? 'Error'}: ${error?.message ?? error}`);
} finally {
  await client.close().catch(() => {});
}
summary.failures = failures;
summary.ok = failures.length === 0;
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(summary.ok ? 0 : 1);
