// The pinned MCP Tasks client (@modelcontextprotocol/ext-tasks, on the TypeScript SDK v2 client) against
// an MCP server's task tools over stdio, in the 2025-11-25 era (the package's minimal setup; its 2026-07-28
// path needs a host-owned raw request dispatcher). It runs research and long_report as tasks to the end,
// failing_job to a failed task, and cancels a long_report halfway; prints one JSON summary line on stdout
// and exits 1 on any failure.
//
//   node tasks-client.mjs -- <server program> [args...]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createTaskSessionFromClient } from '@modelcontextprotocol/ext-tasks/client';

const separator = process.argv.indexOf('--');
if (separator < 0 || separator + 1 >= process.argv.length) {
  process.stderr.write('usage: node tasks-client.mjs -- <server program> [args...]\n');
  process.exit(2);
}
const [command, ...args] = process.argv.slice(separator + 1);

const summary = { ok: false };
const failures = [];
const check = (condition, what) => { if (!condition) failures.push(what); };
const textOf = (result) => (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

const client = new Client(
  { name: 'toolgate-tasks-client-test', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
);

let session;
try {
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  summary.protocolVersion = client.getNegotiatedProtocolVersion();
  session = createTaskSessionFromClient(client, { endpointId: 'toolgate-demo-server' });

  const research = await session.callTool('research', { topic: 'otters', seconds: 0.3 }, { task: { preference: 'require' } });
  summary.researchKind = research.kind;
  const researched = await research.settle();
  summary.researchStatus = researched.outcome.status;
  summary.research = textOf(researched.outcome.result);
  check(research.kind === 'task', `research ran as ${research.kind}, not as a task`);
  check(researched.outcome.status === 'completed', `research ended ${researched.outcome.status}`);
  check(summary.research.includes('Research report on "otters"'), `research answered ${JSON.stringify(summary.research)}`);

  // long_report is taskSupport "required": the package runs it as a task without being asked.
  const report = await session.callTool('long_report', { topic: 'bees', seconds: 0.2 });
  summary.reportKind = report.kind;
  const reported = await report.settle();
  summary.reportStatus = reported.outcome.status;
  check(report.kind === 'task' && reported.outcome.status === 'completed'
        && textOf(reported.outcome.result).startsWith('# A long report on bees'),
        `long_report: ${report.kind} ${reported.outcome.status}`);

  const failing = await session.callTool('failing_job', { seconds: 0.1 }, { task: { preference: 'require' } });
  const failed = await failing.settle();
  summary.failingStatus = failed.outcome.status;
  summary.failingError = failed.outcome.error?.message ?? null;
  check(failed.outcome.status === 'failed', `failing_job ended ${failed.outcome.status}`);

  const long = await session.callTool('long_report', { seconds: 60 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await long.cancel();
  const stopped = await long.settle();
  summary.cancelledStatus = stopped.outcome.status;
  check(stopped.outcome.status === 'cancelled', `the cancelled long_report ended ${stopped.outcome.status}`);
} catch (error) {
  failures.push(`${error?.name ?? 'Error'}: ${error?.message ?? error}`);
} finally {
  await session?.close().catch(() => {});
  await client.close().catch(() => {});
}
summary.failures = failures;
summary.ok = failures.length === 0;
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(summary.ok ? 0 : 1);
