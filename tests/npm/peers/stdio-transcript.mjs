// Drives modern-server.mjs over stdio with hand-written JSON-RPC lines and prints every line sent (">") and received
// ("<"), so README.md can show real 2026-07-28 traffic and the C++ client can be checked against it.
//
//   node stdio-transcript.mjs modern-flow   # server/discover, tools/list, MRTR confirm_action, sampling, roots, listen
//   node stdio-transcript.mjs modern-only   # unsupported revision, then initialize against --era modern
//   node stdio-transcript.mjs legacy-flow   # initialize against --era dual, then the classic elicitation request
//   node stdio-transcript.mjs probe-then-initialize  # what a dual server does with a probe followed by initialize
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';

const scenario = process.argv[2] ?? 'modern-flow';
const peer = fileURLToPath(new URL('./modern-server.mjs', import.meta.url));
const child = spawn(process.execPath, [peer, '--transport', 'stdio', '--era', scenario === 'modern-only' ? 'modern' : 'dual'],
  { stdio: ['pipe', 'pipe', 'inherit'] });

const waiting = new Map(); // id -> resolve
const seen = []; // every message received, for waitFor()
let onMessage = () => {};
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  console.log(`< ${line}`);
  const msg = JSON.parse(line);
  seen.push(msg);
  onMessage();
  if ('id' in msg && !('method' in msg) && waiting.has(msg.id)) {
    waiting.get(msg.id)(msg);
    waiting.delete(msg.id);
  }
});

function send(msg) {
  const line = JSON.stringify({ jsonrpc: '2.0', ...msg });
  console.log(`> ${line}`);
  child.stdin.write(line + '\n');
}
function request(id, method, params) {
  const answered = new Promise((resolve) => waiting.set(id, resolve));
  send({ id, method, params });
  return answered;
}
function waitFor(predicate) {
  return new Promise((resolve) => {
    const check = () => {
      const hit = seen.find(predicate);
      if (hit) { onMessage = () => {}; resolve(hit); }
    };
    onMessage = check;
    check();
  });
}
const note = (s) => console.log(`# ${s}`);

// The per-request envelope every 2026-07-28 request carries (basic/index.mdx #_meta).
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'transcript', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {}, roots: {} },
};
const withMeta = (params = {}) => ({ ...params, _meta: meta });

if (scenario === 'modern-flow') {
  note('era probe: a DiscoverResult means modern');
  await request('discover-1', 'server/discover', withMeta());
  note('tools/list with the _meta envelope');
  await request(2, 'tools/list', withMeta());
  note('tools/call confirm_action: the server needs input and answers with an InputRequiredResult');
  const args = { name: 'confirm_action', arguments: { action: 'delete the draft' } };
  const first = await request(3, 'tools/call', withMeta(args));
  note('retry: same params, a new id, inputResponses keyed like inputRequests, requestState echoed byte-exact');
  await request(4, 'tools/call', withMeta({
    ...args,
    inputResponses: { confirm: { action: 'accept', content: { confirm: true, reason: 'it is obsolete' } } },
    requestState: first.result.requestState,
  }));
  note('a declined elicitation also completes the call');
  const again = await request(5, 'tools/call', withMeta(args));
  await request(6, 'tools/call', withMeta({
    ...args, inputResponses: { confirm: { action: 'decline' } }, requestState: again.result.requestState,
  }));
  note('sampling through MRTR (no requestState this time: the server carries nothing between rounds)');
  const ask = { name: 'ask_model', arguments: { question: 'Capital of France?' } };
  await request(7, 'tools/call', withMeta(ask));
  await request(8, 'tools/call', withMeta({
    ...ask,
    inputResponses: { sample: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' } },
  }));
  note('roots through MRTR');
  const roots = { name: 'list_workspace', arguments: {} };
  await request(9, 'tools/call', withMeta(roots));
  await request(10, 'tools/call', withMeta({ ...roots, inputResponses: { roots: { roots: [{ uri: 'file:///home/me/project' }] } } }));
  note('subscriptions/listen: acknowledged first, then change notifications stamped with subscriptionId = the listen id');
  send({ id: 'listen-1', method: 'subscriptions/listen', params: withMeta({ notifications: { toolsListChanged: true } }) });
  await waitFor((m) => m.method === 'notifications/subscriptions/acknowledged');
  await request(11, 'tools/call', withMeta({ name: 'change_tools', arguments: {} }));
  await waitFor((m) => m.method === 'notifications/tools/list_changed');
  await request(12, 'tools/list', withMeta());
  note('ending the subscription: notifications/cancelled naming the listen request');
  send({ method: 'notifications/cancelled', params: { requestId: 'listen-1', reason: 'done' } });
  note('no envelope at all on a modern-pinned connection: -32602');
  await request(13, 'tools/list', {});
  note('resources/read of an unknown uri: -32602 with data.uri (2026-07-28 resource-not-found)');
  await request(14, 'resources/read', withMeta({ uri: 'toolgate://peer/missing' }));
  note('confirm_action when the envelope declares no elicitation: -32021 naming the required capability');
  await request(15, 'tools/call', {
    name: 'confirm_action', arguments: { action: 'delete the draft' },
    _meta: { ...meta, 'io.modelcontextprotocol/clientCapabilities': {} },
  });
} else if (scenario === 'modern-only') {
  note('a probe claiming a revision the server does not serve: -32022 with the supported list');
  await request('discover-0', 'server/discover', { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } });
  note('initialize against --era modern (legacy: reject)');
  await request(1, 'initialize', {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'transcript', version: '1.0.0' },
  });
  note('the connection stays open for a modern opening');
  await request('discover-1', 'server/discover', withMeta());
} else if (scenario === 'legacy-flow') {
  note('initialize against --era dual: the 2025 handshake still works');
  await request(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'transcript', version: '1.0.0' },
  });
  send({ method: 'notifications/initialized' });
  note('confirm_action in the legacy era: a classic elicitation/create request from the server');
  const call = request(2, 'tools/call', { name: 'confirm_action', arguments: { action: 'delete the draft' } });
  const ask = await waitFor((m) => m.method === 'elicitation/create');
  send({ id: ask.id, result: { action: 'accept', content: { confirm: true, reason: 'legacy era' } } });
  await call;
} else if (scenario === 'probe-then-initialize') {
  note('server/discover on the connection, then initialize on the same connection (serveStdio discards its probe instance)');
  await request('discover-1', 'server/discover', withMeta());
  await request(1, 'initialize', {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'transcript', version: '1.0.0' },
  });
}
child.stdin.end(); // the spec's shutdown: close stdin and let the server exit
