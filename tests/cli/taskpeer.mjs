// A Streamable HTTP MCP server (TypeScript SDK v1, 2025-11-25 tasks) whose tasks outlive the connection
// that started them, so that one toolgate-cli run can start a task (call --no-wait) and the next one
// look at it (task get/result/cancel/list). server-everything keeps a task store per session; here all
// sessions share one, which is what a real deployment with one user looks like.
//
//   node taskpeer.mjs NPM_DIR     (NPM_DIR: tests/npm, where the pinned packages are installed)
//
// Listens on 127.0.0.1, port 0, prints "LISTENING <port>"; the endpoint is /mcp. Tools:
//   simulate-research-query  server-everything's own (taskSupport required; four stages of a second each)
//   failing-task             taskSupport required; works for a second, then fails (isError result)
//   optional-task            taskSupport optional; answers "done" after half a second, as a task if asked
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const npm = process.argv[2];
const load = (path) => import(pathToFileURL(`${npm}/node_modules/${path}`).href);
const { McpServer } = await load('@modelcontextprotocol/sdk/dist/esm/server/mcp.js');
const { StreamableHTTPServerTransport } = await load('@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js');
const { InMemoryTaskStore, InMemoryTaskMessageQueue } = await load('@modelcontextprotocol/sdk/dist/esm/experimental/tasks/index.js');
const { registerSimulateResearchQueryTool } =
    await load('@modelcontextprotocol/server-everything/dist/tools/simulate-research-query.js');

// The SDK binds a task to the session that created it; this store forgets the session.
class SharedTaskStore extends InMemoryTaskStore {
    createTask(params, requestId, request) { return super.createTask(params, requestId, request); }
    getTask(taskId) { return super.getTask(taskId); }
    storeTaskResult(taskId, status, result) { return super.storeTaskResult(taskId, status, result); }
    getTaskResult(taskId) { return super.getTaskResult(taskId); }
    updateTaskStatus(taskId, status, message) { return super.updateTaskStatus(taskId, status, message); }
    listTasks(cursor) { return super.listTasks(cursor); }
}
const taskStore = new SharedTaskStore();
const taskMessageQueue = new InMemoryTaskMessageQueue();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function taskTool(server, name, description, taskSupport, work) {
    server.experimental.tasks.registerToolTask(name, { description, execution: { taskSupport } }, {
        createTask: async (extra) => {
            const task = await extra.taskStore.createTask({ ttl: 300000, pollInterval: 200 });
            work(task.taskId).catch((error) => console.error(`${name} ${task.taskId}:`, error));
            return { task };
        },
        getTask: async (extra) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: async (extra) => extra.taskStore.getTaskResult(extra.taskId),
    });
}

// The SDK hands a task's tool a store bound to the request: each status change is also sent as a
// notification on the connection that started the task, and fails once that connection is gone (so
// server-everything's research would fail when the `call --no-wait` run ends). Here the tool gets the
// shared store itself; clients learn of changes by polling, as the spec requires them to be able to.
const detachedStore = (extra) => ({
    createTask: (params) => taskStore.createTask(params, extra.requestId, { method: 'tools/call', params: {} }),
    getTask: (taskId) => taskStore.getTask(taskId),
    storeTaskResult: (taskId, status, result) => taskStore.storeTaskResult(taskId, status, result),
    getTaskResult: (taskId) => taskStore.getTaskResult(taskId),
    updateTaskStatus: (taskId, status, message) => taskStore.updateTaskStatus(taskId, status, message),
    listTasks: (cursor) => taskStore.listTasks(cursor),
});

// registerSimulateResearchQueryTool(server) as it is, with the detached store in its createTask.
function registerDetached(server, register) {
    register({
        server: server.server,
        experimental: {
            tasks: {
                registerToolTask: (name, config, handler) => server.experimental.tasks.registerToolTask(name, config, {
                    ...handler,
                    createTask: (args, extra) => handler.createTask(args, { ...extra, taskStore: detachedStore(extra) }),
                }),
            },
        },
    });
}

function newServer() {
    const server = new McpServer({ name: 'toolgate-task-peer', version: '1.0.0' }, {
        capabilities: {
            tools: {},
            tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
        },
        taskStore,
        taskMessageQueue,
    });
    registerDetached(server, registerSimulateResearchQueryTool);
    taskTool(server, 'failing-task', 'Works for a second, then fails', 'required', async (taskId) => {
        await taskStore.updateTaskStatus(taskId, 'working', 'Trying hard...');
        await sleep(1000);
        await taskStore.storeTaskResult(taskId, 'failed',
            { content: [{ type: 'text', text: 'the simulated job broke' }], isError: true });
    });
    taskTool(server, 'optional-task', 'Answers "done" after half a second', 'optional', async (taskId) => {
        await sleep(500);
        await taskStore.storeTaskResult(taskId, 'completed', { content: [{ type: 'text', text: 'done' }] });
    });
    return server;
}

const transports = new Map();
const http = createServer(async (req, res) => {
    if (!req.url.startsWith('/mcp')) {
        res.writeHead(404).end();
        return;
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? transports.get(sessionId) : undefined;
    if (!transport) {
        if (sessionId || req.method !== 'POST') {
            res.writeHead(404, { 'content-type': 'application/json' })
                .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
            return;
        }
        const server = newServer();
        transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) => transports.set(id, transport),
        });
        transport.onclose = () => {
            if (transport.sessionId)
                transports.delete(transport.sessionId);
        };
        await server.connect(transport);
    }
    await transport.handleRequest(req, res);
});
http.listen(0, '127.0.0.1', () => console.log(`LISTENING ${http.address().port}`));
