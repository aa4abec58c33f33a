// An MCP server built with the TypeScript SDK v2 (@modelcontextprotocol/server 2.4.0) that speaks protocol revision
// 2026-07-28 ("modern": server/discover, the per-request _meta envelope, input_required results, subscriptions/listen)
// and, unless told otherwise, the initialize revisions too. Toolgate's tests use it as the modern peer of issue #15.
//
//   node modern-server.mjs [--transport stdio|http] [--era dual|modern] [--break-first-stream <method>]
//
// --transport http listens on 127.0.0.1 port 0 and prints "LISTENING <port>" (endpoint: http://127.0.0.1:<port>/mcp).
// --era modern refuses the initialize era (the SDK's `legacy: 'reject'`): initialize gets -32022 naming the
// supported modern revisions, which is what a client's era negotiation must cope with.
// --break-first-stream <method> (http): the first POST of that method gets an SSE response stream that ends after
// one event, before any answer (the request is never handed to the SDK), as a dropped connection would; later ones
// are served. A 2026-07-28 client cannot resume such a stream and must send the request again under a new id.
//
// Tools: echo, add (structuredContent + outputSchema), regional_echo (x-mcp-header), broken_header (an invalid
// x-mcp-header), wait, confirm_action (asks for input: elicitation in form mode),
// ask_model (asks for input: sampling), list_workspace (asks for input: roots), change_tools (adds a tool, so
// subscriptions/listen subscribers get notifications/tools/list_changed). One resource, one prompt.
// In the modern era the input-asking tools answer with an InputRequiredResult (MRTR); in the legacy era they send
// the classic server request (elicitation/create, sampling/createMessage, roots/list) instead, so one peer
// exercises both code paths of a dual-era client.
import http from 'node:http';
import { McpServer, createMcpHandler, fromJsonSchema, inputRequired, acceptedContent } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function option(name, allowed, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (!allowed.includes(value)) {
    process.stderr.write(`--${name} must be one of ${allowed.join(', ')}\n`);
    process.exit(2);
  }
  return value;
}
const transport = option('transport', ['stdio', 'http'], 'stdio');
const era = option('era', ['dual', 'modern'], 'dual');
const breakIndex = process.argv.indexOf('--break-first-stream');
let breakMethod = breakIndex >= 0 ? process.argv[breakIndex + 1] : undefined;

// Tools added by change_tools. Kept outside the factory because over HTTP every request gets a fresh McpServer
// instance: a tool registered on one instance alone would vanish with it.
const addedTools = [];
// Set for HTTP: the handler's publish side of subscriptions/listen.
let notifier;

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const objectSchema = (properties, required = Object.keys(properties)) =>
  fromJsonSchema({ type: 'object', properties, required });

// requestState is opaque to the client and must come back byte-exact; we put the tool name and round in it so a
// transcript shows what the server would carry between rounds. (A real server must integrity-protect it.)
const state = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');

function buildServer({ era: requestEra }) {
  const server = new McpServer(
    { name: 'toolgate-modern-peer', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } } },
  );
  const modern = requestEra === 'modern';

  server.registerTool('echo', {
    description: 'Returns the text it was given',
    inputSchema: objectSchema({ text: { type: 'string' } }),
  }, async ({ text: t }) => text(t));

  server.registerTool('add', {
    description: 'Adds two numbers; the sum is also structured output',
    inputSchema: objectSchema({ a: { type: 'number' }, b: { type: 'number' } }),
    outputSchema: objectSchema({ sum: { type: 'number' } }),
  }, async ({ a, b }) => ({ ...text(String(a + b)), structuredContent: { sum: a + b } }));

  const confirmSchema = {
    type: 'object',
    properties: {
      confirm: { type: 'boolean', title: 'Go ahead?' },
      reason: { type: 'string', title: 'Why' },
    },
    required: ['confirm'],
  };
  // Names the answer in the result, so a test sees that what the person entered reached the server.
  const describeAnswer = (what, choice, content) =>
    choice !== 'accept' ? `${what}: not done, the person chose ${choice}`
      : content?.confirm === true ? `${what}: done, confirmed; reason: ${content.reason ?? '(none)'}`
        : `${what}: not done, refused; reason: ${content?.reason ?? '(none)'}`;

  server.registerTool('confirm_action', {
    description: 'Asks the person to confirm an action (elicitation, form mode) before doing it',
    inputSchema: objectSchema({ action: { type: 'string' } }),
  }, async ({ action }, ctx) => {
    const message = `Really ${action}?`;
    if (!modern) {
      // Legacy era: the classic server->client request on the same connection.
      const result = await ctx.mcpReq.elicitInput({ mode: 'form', message, requestedSchema: confirmSchema });
      return text(describeAnswer(action, result.action, result.content));
    }
    const responses = ctx.mcpReq.inputResponses;
    const answer = responses?.confirm;
    if (answer === undefined) {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ mode: 'form', message, requestedSchema: confirmSchema }) },
        requestState: state({ tool: 'confirm_action', round: 1 }),
      });
    }
    return text(describeAnswer(action, answer.action, acceptedContent(responses, 'confirm')));
  });

  server.registerTool('ask_model', {
    description: "Asks the client's model a question (sampling) and returns its answer",
    // timeoutMs (legacy era): the server gives up on its sampling/createMessage after that long and sends
    // notifications/cancelled, as every SDK server does after its 60 s default.
    inputSchema: objectSchema({ question: { type: 'string' }, timeoutMs: { type: 'integer', minimum: 1 } }, ['question']),
  }, async ({ question, timeoutMs }, ctx) => {
    const request = {
      messages: [{ role: 'user', content: { type: 'text', text: question } }],
      maxTokens: 100,
    };
    if (!modern) {
      const result = await ctx.mcpReq.requestSampling(request, timeoutMs ? { timeout: timeoutMs } : undefined);
      return text(`model ${result.model} said: ${result.content?.text ?? JSON.stringify(result.content)}`);
    }
    const answer = ctx.mcpReq.inputResponses?.sample;
    if (answer === undefined) {
      return inputRequired({ inputRequests: { sample: inputRequired.createMessage(request) } });
    }
    return text(`model ${answer.model} said: ${answer.content?.text ?? JSON.stringify(answer.content)}`);
  });

  server.registerTool('list_workspace', {
    description: "Lists the client's roots (roots/list)",
    inputSchema: objectSchema({}),
  }, async (_args, ctx) => {
    const show = (roots) => text(`roots: ${(roots ?? []).map((r) => r.uri).join(', ') || '(none)'}`);
    if (!modern) return show((await ctx.mcpReq.send({ method: 'roots/list' })).roots);
    const answer = ctx.mcpReq.inputResponses?.roots;
    if (answer === undefined) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    return show(answer.roots);
  });

  // SEP-2243 (2026-07-28 Streamable HTTP): the region argument is mirrored into an Mcp-Param-Region header; the
  // SDK rejects a call whose header is missing or disagrees with the body (after Base64 decoding) with -32020.
  server.registerTool('regional_echo', {
    description: 'Echoes its text; the region travels in the Mcp-Param-Region header too (over HTTP)',
    inputSchema: fromJsonSchema({
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, text: { type: 'string' } },
      required: ['region', 'text'],
    }),
  }, async ({ region, text: t }) => text(`${region}: ${t}`));

  // An x-mcp-header on a number, which the spec forbids: a client over HTTP must not offer this tool.
  server.registerTool('broken_header', {
    description: 'Declares x-mcp-header on a number; excluded by conforming HTTP clients',
    inputSchema: fromJsonSchema({ type: 'object', properties: { amount: { type: 'number', 'x-mcp-header': 'Amount' } } }),
  }, async () => text('should not be callable over HTTP'));

  // Runs until the request is cancelled (or ms pass): over HTTP the client cancels by closing the stream.
  server.registerTool('wait', {
    description: 'Waits ms milliseconds, or until cancelled',
    inputSchema: objectSchema({ ms: { type: 'integer' } }),
  }, async ({ ms }, ctx) => {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      ctx.mcpReq?.signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); });
    });
    return text(`waited ${ms} ms`);
  });

  server.registerTool('change_tools', {
    description: 'Adds a tool named extra_<n>, so list-change subscribers are told',
    inputSchema: objectSchema({}),
  }, async () => {
    const name = `extra_${addedTools.length + 1}`;
    addedTools.push(name);
    if (notifier) {
      notifier.toolsChanged(); // HTTP: publish on the handler's bus, which feeds every open subscriptions/listen
    } else {
      // stdio: registering on the connection's instance makes the SDK emit notifications/tools/list_changed;
      // serveStdio stamps it onto the open subscriptions/listen (modern) or sends it as is (legacy).
      registerAdded(server, name);
    }
    return text(`added ${name}`);
  });
  for (const name of addedTools) registerAdded(server, name);

  server.registerResource('readme', 'toolgate://peer/readme', {
    title: 'Peer README', mimeType: 'text/plain',
  }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the modern test peer.' }] }));

  server.registerPrompt('greeting', {
    description: 'Greets someone by name',
    argsSchema: objectSchema({ name: { type: 'string' } }),
  }, async ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${name}!` } }] }));

  return server;
}

function registerAdded(server, name) {
  server.registerTool(name, { description: 'Added by change_tools', inputSchema: objectSchema({}) },
    async () => text(`${name} ran`));
}

if (transport === 'stdio') {
  serveStdio(buildServer, { legacy: era === 'modern' ? 'reject' : 'serve' });
} else {
  const handler = createMcpHandler(buildServer, { legacy: era === 'modern' ? 'reject' : 'stateless' });
  notifier = handler.notify;
  // A small node:http -> fetch bridge, so the peer needs no adapter package beyond the pinned server SDK.
  const httpServer = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      if (breakMethod && req.method === 'POST') {
        let method;
        try { method = JSON.parse(Buffer.concat(chunks).toString('utf8')).method; } catch { method = undefined; }
        if (method === breakMethod) {
          breakMethod = undefined; // only the first one
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.end('id: broken-1\ndata: \n\n');
          return;
        }
      }
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
        body: ['GET', 'HEAD'].includes(req.method) ? undefined : Buffer.concat(chunks),
        signal: abort.signal,
      });
      const response = await handler.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        for await (const chunk of response.body) res.write(chunk); // SSE streams (subscriptions/listen) stay open
      }
      res.end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  httpServer.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${httpServer.address().port}\n`));
}
