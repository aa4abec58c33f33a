// A Streamable HTTP MCP server built with the TypeScript SDK v1 that prints every JSON-RPC message it
// receives ("RECEIVED <method> <params as JSON>") on stdout, for tests that check what a client sent, e.g. that
// notifications/initialized arrives even when the client leaves at once. Listens on 127.0.0.1 only
// and prints "LISTENING <port>".
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports = new Map();

function newServer() {
  const server = new McpServer({ name: 'recording-server', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes text', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'echo' }],
  }));
  server.registerPrompt('greeting', { description: 'A prompt without arguments' }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
  }));
  return server;
}

const httpServer = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  let message;
  if (body) {
    try {
      message = JSON.parse(body);
      const list = Array.isArray(message) ? message : [message];
      for (const m of list) {
        if (m.method) process.stdout.write(`RECEIVED ${m.method} ${JSON.stringify(m.params ?? null)}\n`);
      }
    } catch {
      // not JSON: the transport answers it
    }
  }
  const sessionId = req.headers['mcp-session-id'];
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => transports.set(id, transport),
    });
    transport.onclose = () => transport.sessionId && transports.delete(transport.sessionId);
    await newServer().connect(transport);
  }
  await transport.handleRequest(req, res, message);
});

httpServer.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${httpServer.address().port}\n`);
});
