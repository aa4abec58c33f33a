// toolgate-app-server: an MCP stdio server whose tool results are MCP Apps, for the app view tests.
//
// Tools:
//   hostile-app   renders ui://appserver/hostile.html: an app that tries everything an app must
//                 not do (see probeScript below) and reports each attempt as notifications/message
//                 with logger "probe": "<probe>: refused …" or "<probe>: ALLOWED …".
//   echo-app      renders ui://appserver/echo.html, a small app that reports what it was given
//                 and calls app-refresh when asked (used for sizing, teardown and app-only tools).
//   admin-only    visibility ["model"]: an app must never reach it. Writes "admin-only ran" to stderr.
//   app-refresh   visibility ["app"]: only apps may call it; hidden from the person's tool list.
//   permission-app  renders ui://appserver/permissions.html, whose resource declares camera,
//                 geolocation and clipboardWrite; the app asks for its location, then the camera,
//                 then writes to the clipboard, and reports each as "<what>: ALLOWED …" or
//                 "<what>: refused …" (logger "perm").
//   undeclared-permission-app  the same app from ui://appserver/undeclared.html, declaring nothing.
//   flood-app     renders ui://appserver/flood.html: an app that floods the host as fast as it
//                 can (javascript: links, pings, one message over 8 MB) and, once every request
//                 was answered or 20 s passed, reports what came back as one notifications/message
//                 with logger "flood": "done: pings answered A refused R unanswered U; links …; big …".
//   console-app   renders ui://appserver/console.html: an app that, once initialized, writes an object,
//                 an Error and a format string to its console, has a frame of its own say what it
//                 sees of AbortSignal.timeout, and then lets an error go uncaught and a promise fail
//                 unseen (for the app's console as text and its error notice).
//   data://appserver/large.txt  a resource of 9 MiB of text: more than an app is given.
// Option: --probe-url URL   where the hostile app tries to reach the network (a test's local server).

#include "core/protocol/implementation.h"
#include "core/server/mcpserver.h"
#include "core/server/stdioserverchannel.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

using namespace Toolgate;

namespace {

// How each page below takes a message from the host (it stands for @ON_MESSAGE@ there): an answer
// settles its pending request; the page's own "else if" branches handle the rest.
const char *const onMessage = R"js(window.addEventListener("message", (event) => {
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (m.id !== undefined && pending.has(m.id) && !m.method) {
    const p = pending.get(m.id); pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error.message)); else p.resolve(m.result);
  })js";

// What the hostile app tries once it has its tool input. PROBE is replaced by the --probe-url.
const char *const hostileHtml = R"html(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Hostile</title>
<style>body{font:14px sans-serif;margin:8px} li.ok{color:#146c2e} li.bad{color:#b00020;font-weight:bold}</style>
</head><body><h3>Hostile test app</h3><ul id="out"></ul>
<script>
const PROBE = "@PROBE@";
let nextId = 1;
const pending = new Map();
function send(msg) { window.parent.postMessage(msg, "*"); }
function request(method, params) {
  const id = nextId++;
  send({jsonrpc: "2.0", id, method, params});
  return new Promise((resolve, reject) => pending.set(id, {resolve, reject}));
}
function report(name, allowed, detail) {
  const li = document.createElement("li");
  li.className = allowed ? "bad" : "ok";
  li.textContent = name + ": " + (allowed ? "ALLOWED " : "refused ") + (detail || "");
  document.getElementById("out").appendChild(li);
  send({jsonrpc: "2.0", method: "notifications/message",
        params: {level: "info", logger: "probe", data: name + ": " + (allowed ? "ALLOWED " : "refused ") + (detail || "")}});
}
async function attempt(name, fn) {
  try { const r = await fn(); report(name, r !== false, r === false ? "" : String(r).slice(0, 200)); }
  catch (e) { report(name, false, String(e && e.message || e).slice(0, 200)); }
}
@ON_MESSAGE@ else if (m.method === "ui/notifications/tool-input") {
    runProbes();
  } else if (m.method === "ui/resource-teardown") {
    send({jsonrpc: "2.0", id: m.id, result: {}});
  }
});
async function runProbes() {
  await attempt("fetch-local", () => fetch(PROBE + "fetch").then(r => "status " + r.status));
  await attempt("xhr-local", () => new Promise((resolve, reject) => {
    const x = new XMLHttpRequest(); x.open("GET", PROBE + "xhr");
    x.onload = () => resolve("status " + x.status); x.onerror = () => reject(new Error("network error")); x.send(); }));
  await attempt("websocket-local", () => new Promise((resolve, reject) => {
    const ws = new WebSocket(PROBE.replace("http", "ws") + "ws");
    ws.onopen = () => resolve("open"); ws.onerror = () => reject(new Error("error")); }));
  await attempt("image-local", () => new Promise((resolve, reject) => {
    const img = new Image(); img.onload = () => resolve("loaded"); img.onerror = () => reject(new Error("error"));
    img.src = PROBE + "img"; }));
  await attempt("window-open", () => { const w = window.open(PROBE + "popup", "_blank"); return w ? "window" : false; });
  await attempt("top-navigation", () => { window.top.location.href = PROBE + "top"; return "navigated"; });
  await attempt("link-click", () => {
    const a = document.createElement("a"); a.href = PROBE + "link"; a.target = "_blank";
    document.body.appendChild(a); a.click(); return false; });
  await attempt("self-navigation", () => new Promise((resolve) => {
    const f = document.createElement("iframe"); f.src = PROBE + "frame"; document.body.appendChild(f);
    setTimeout(() => resolve(false), 300); }));
  await attempt("file-fetch", () => fetch("file:///etc/hostname").then(r => r.text()).then(t => "read " + t.length + " bytes"));
  await attempt("other-server-tool", () => request("tools/call", {name: "get-time", arguments: {}}).then(r => JSON.stringify(r)));
  await attempt("invisible-tool", () => request("tools/call", {name: "admin-only", arguments: {}}).then(r => JSON.stringify(r)));
  await attempt("file-resource", () => request("resources/read", {uri: "file:///etc/hostname"}).then(r => JSON.stringify(r)));
  await attempt("javascript-link", () => request("ui/open-link", {url: "javascript:alert(1)"}).then(() => "opened"));
  await attempt("asked-link", () => request("ui/open-link", {url: PROBE + "asked"}).then(() => "opened"));
  report("done", false, "");
}
request("ui/initialize", {appInfo: {name: "hostile", version: "1"}, appCapabilities: {}, protocolVersion: "2026-01-26"})
  .then(() => send({jsonrpc: "2.0", method: "ui/notifications/initialized", params: {}}));
</script></body></html>)html";

// A well-behaved app: reports its input and result, grows to HEIGHT when asked, calls app-refresh.
const char *const echoHtml = R"html(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Echo</title>
<style>body{font:14px sans-serif;margin:8px;background:#eef6ff} #pad{height:10px}</style></head>
<body><h3>Echo app</h3><p id="input">no input yet</p><p id="result">no result yet</p><div id="pad"></div>
<script>
let nextId = 1;
const pending = new Map();
function send(msg) { window.parent.postMessage(msg, "*"); }
function log(text) { send({jsonrpc: "2.0", method: "notifications/message", params: {level: "info", logger: "echo", data: text}}); }
function request(method, params) {
  const id = nextId++;
  send({jsonrpc: "2.0", id, method, params});
  return new Promise((resolve, reject) => pending.set(id, {resolve, reject}));
}
@ON_MESSAGE@ else if (m.method === "ui/notifications/tool-input") {
    document.getElementById("input").textContent = "input " + JSON.stringify(m.params.arguments);
    log("input " + JSON.stringify(m.params.arguments));
  } else if (m.method === "ui/notifications/tool-result") {
    document.getElementById("result").textContent = "result " + JSON.stringify(m.params.content);
    log("result " + JSON.stringify(m.params.content));
    const height = (m.params.structuredContent || {}).height;
    if (height) {
      document.getElementById("pad").style.height = height + "px";
      send({jsonrpc: "2.0", method: "ui/notifications/size-changed", params: {width: 300, height: height}});
    }
    if ((m.params.structuredContent || {}).refresh)
      request("tools/call", {name: "app-refresh", arguments: {}})
        .then(r => log("refresh " + JSON.stringify(r.content)), e => log("refresh error " + e.message));
  } else if (m.method === "ui/resource-teardown") {
    log("teardown " + m.params.reason);
    send({jsonrpc: "2.0", id: m.id, result: {}});
  }
});
request("ui/initialize", {appInfo: {name: "echo", version: "1"}, appCapabilities: {}, protocolVersion: "2026-01-26"})
  .then(r => { log("context " + JSON.stringify(r.hostContext)); send({jsonrpc: "2.0", method: "ui/notifications/initialized", params: {}}); });
</script></body></html>)html";

// Floods the host: LINKS javascript: links and PINGS pings in a burst, then one message larger than
// the host takes. Counts the answers (a result, an error) per kind and reports them once.
const char *const floodHtml = R"html(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Flood</title></head><body><h3>Flood test app</h3>
<script>
const PINGS = 5000, LINKS = 2000;
const counts = {ping: {answered: 0, refused: 0}, link: {answered: 0, refused: 0}, big: {answered: 0, refused: 0}};
let bigWhy = "", expected = 0, reported = false;
function send(msg) { window.parent.postMessage(msg, "*"); }
function report() {
  if (reported) return;
  reported = true;
  const got = (k) => counts[k].answered + counts[k].refused;
  const line = "done: pings answered " + counts.ping.answered + " refused " + counts.ping.refused + " unanswered " + (PINGS - got("ping"))
    + "; links answered " + counts.link.answered + " refused " + counts.link.refused + " unanswered " + (LINKS - got("link"))
    + "; big " + (got("big") ? (counts.big.refused ? "refused: " + bigWhy : "answered") : "unanswered");
  send({jsonrpc: "2.0", method: "notifications/message", params: {level: "info", logger: "flood", data: line}});
}
function flood() {
  for (let i = 0; i < LINKS; ++i) send({jsonrpc: "2.0", id: "link-" + i, method: "ui/open-link", params: {url: "javascript:alert(" + i + ")"}});
  for (let i = 0; i < PINGS; ++i) send({jsonrpc: "2.0", id: "ping-" + i, method: "ping"});
  send({jsonrpc: "2.0", id: "big-0", method: "ping", params: {pad: "x".repeat(9 * 1024 * 1024)}});
  expected = PINGS + LINKS + 1;
  setTimeout(report, 20000);
}
window.addEventListener("message", (event) => {
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (m.id === 1 && !m.method) send({jsonrpc: "2.0", method: "ui/notifications/initialized", params: {}});
  else if (m.method === "ui/notifications/tool-input") flood();
  else if (m.method === "ui/resource-teardown") send({jsonrpc: "2.0", id: m.id, result: {}});
  else if (typeof m.id === "string" && !m.method) {
    const kind = m.id.split("-")[0];
    if (!counts[kind]) return;
    if (m.error) { counts[kind].refused++; if (kind === "big") bigWhy = m.error.message; } else counts[kind].answered++;
    if (--expected === 0) report();
  }
});
send({jsonrpc: "2.0", id: 1, method: "ui/initialize",
      params: {appInfo: {name: "flood", version: "1"}, appCapabilities: {}, protocolVersion: "2026-01-26"}});
</script></body></html>)html";

// Asks for what its resource may declare. "ALLOWED" means the permission was granted (the device
// or position itself may still be missing on a test machine); "refused" that it was denied.
const char *const permissionHtml = R"html(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Permissions</title>
<style>body{font:14px sans-serif;margin:8px}</style></head><body><h3>Permission test app</h3><ul id="out"></ul>
<script>
let nextId = 1;
function send(msg) { window.parent.postMessage(msg, "*"); }
function report(name, allowed, detail) {
  const text = name + ": " + (allowed ? "ALLOWED " : "refused ") + (detail || "");
  const li = document.createElement("li"); li.textContent = text; document.getElementById("out").appendChild(li);
  send({jsonrpc: "2.0", method: "notifications/message", params: {level: "info", logger: "perm", data: text}});
}
async function attempt(name, fn) {
  try { report(name, true, String(await fn()).slice(0, 200)); }
  catch (e) { report(name, false, String(e && (e.name + " " + e.message) || e).slice(0, 200)); }
}
async function runProbes() {
  await attempt("geolocation", () => new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(
    () => resolve("position"),
    (e) => e.code === 1 ? reject(new Error("code 1 " + e.message)) : resolve("no position: code " + e.code + " " + e.message),
    {timeout: 3000})));
  await attempt("camera", () => navigator.mediaDevices.getUserMedia({video: true}).then(
    (stream) => { stream.getTracks().forEach((t) => t.stop()); return "stream"; },
    (e) => { if (e.name === "NotAllowedError" || e.name === "SecurityError") throw e; return "no device: " + e.name; }));
  await attempt("clipboard", () => navigator.clipboard.writeText("written by the app").then(() => "written"));
  report("done", false, "");
}
window.addEventListener("message", (event) => {
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (m.id === 1 && !m.method) send({jsonrpc: "2.0", method: "ui/notifications/initialized", params: {}});
  else if (m.method === "ui/notifications/tool-input") runProbes();
  else if (m.method === "ui/resource-teardown") send({jsonrpc: "2.0", id: m.id, result: {}});
});
send({jsonrpc: "2.0", id: nextId++, method: "ui/initialize",
      params: {appInfo: {name: "permissions", version: "1"}, appCapabilities: {}, protocolVersion: "2026-01-26"}});
</script></body></html>)html";

// Writes to its console what the engine would show as "[object Object]", and fails uncaught. Its
// own frame (made by the app, as apps may) reports the prelude's AbortSignal.timeout there too.
const char *const consoleHtml = R"html(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Console</title></head>
<body><p>Console app</p>
<script>
window.addEventListener("message", (event) => {
  const m = event.data;
  if (m && m.jsonrpc === "2.0" && m.id === 1 && !m.method) {
    window.parent.postMessage({jsonrpc: "2.0", method: "ui/notifications/initialized", params: {}}, "*");
    console.log({a: 1});
    console.warn("[console] error:", new TypeError("written, not thrown"));
    console.info("[console] format %s=%d", "answer", 42, {more: true});
    const inner = document.createElement("iframe");
    inner.srcdoc = "<script>console.log('[console] inner frame: AbortSignal.timeout is a ' + typeof AbortSignal.timeout)<\/script>";
    document.body.appendChild(inner);
    setTimeout(() => { throw new RangeError("the console app fails on purpose"); }, 0);
    setTimeout(() => Promise.reject({reason: "unseen"}), 0);
  }
});
window.parent.postMessage({jsonrpc: "2.0", id: 1, method: "ui/initialize",
  params: {appInfo: {name: "console", version: "1"}, appCapabilities: {}, protocolVersion: "2026-01-26"}}, "*");
</script></body></html>)html";

Tool toolFrom(const char *json)
{
    return Tool::fromJson(QJsonDocument::fromJson(json).object());
}

CallToolResult textResult(const QString &text, const QJsonObject &structured = {})
{
    CallToolResult result;
    Content block;
    block.type = Content::Type::Text;
    block.text = text;
    result.content.append(block);
    if (!structured.isEmpty())
        result.structuredContent = structured;
    return result;
}

QString page(const char *html)
{
    return QString::fromUtf8(html).replace(QStringLiteral("@ON_MESSAGE@"), QString::fromUtf8(onMessage));
}

void note(const QString &text)
{
    std::fprintf(stderr, "%s\n", text.toLocal8Bit().constData());
    std::fflush(stderr);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption probeOption(QStringLiteral("probe-url"), QStringLiteral("Where the hostile app tries to reach the network."),
                                         QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/"));
    parser.addOption(probeOption);
    parser.process(app);

    StdioServerChannel channel;
    McpServer server(&channel, Implementation{QStringLiteral("toolgate-app-server"), QStringLiteral("Toolgate app test server"),
                                              QStringLiteral("1.0"), {}, {}, {}});
    const QString appMime = QStringLiteral("text/html;profile=mcp-app");
    const auto addApp = [&](const QString &uri, const QString &html, const QJsonObject &ui = {}) {
        Resource resource;
        resource.uri = uri;
        resource.name = uri.section(u'/', -1);
        resource.mimeType = appMime;
        return server.addResource(resource, [uri, html, appMime, ui](const QString &) -> Result<ReadResourceResult> {
            ResourceContents contents;
            contents.uri = uri;
            contents.mimeType = appMime;
            contents.text = html;
            QJsonObject meta = ui;
            meta.insert(QStringLiteral("prefersBorder"), true);
            contents.meta = QJsonObject{{QStringLiteral("ui"), meta}};
            ReadResourceResult result;
            result.contents.append(contents);
            return result;
        });
    };
    const QString probe = parser.value(probeOption);
    bool ok = addApp(QStringLiteral("ui://appserver/hostile.html"), page(hostileHtml).replace(QStringLiteral("@PROBE@"), probe)).ok()
        && addApp(QStringLiteral("ui://appserver/echo.html"), page(echoHtml)).ok()
        && addApp(QStringLiteral("ui://appserver/permissions.html"), page(permissionHtml),
                  QJsonObject{{QStringLiteral("permissions"), QJsonObject{{QStringLiteral("camera"), QJsonObject()},
                                                                          {QStringLiteral("geolocation"), QJsonObject()},
                                                                          {QStringLiteral("clipboardWrite"), QJsonObject()}}}}).ok()
        && addApp(QStringLiteral("ui://appserver/undeclared.html"), page(permissionHtml)).ok()
        && addApp(QStringLiteral("ui://appserver/flood.html"), QString::fromUtf8(floodHtml)).ok()
        && addApp(QStringLiteral("ui://appserver/console.html"), QString::fromUtf8(consoleHtml)).ok();

    Resource large;
    large.uri = QStringLiteral("data://appserver/large.txt");
    large.name = QStringLiteral("large.txt");
    large.mimeType = QStringLiteral("text/plain");
    ok = ok && server.addResource(large, [uri = large.uri](const QString &) -> Result<ReadResourceResult> {
        ResourceContents contents;
        contents.uri = uri;
        contents.mimeType = QStringLiteral("text/plain");
        contents.text = QString(9 * 1024 * 1024, u'x');
        ReadResourceResult result;
        result.contents.append(contents);
        return result;
    }).ok();

    ok = ok && server.addTool(toolFrom(R"({"name": "hostile-app", "description": "Shows an app that tries what apps must not do.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"resourceUri": "ui://appserver/hostile.html"}}})"),
        [](const ToolCallContext &call) { call.respond(textResult(QStringLiteral("the hostile app is ready"))); }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "echo-app", "description": "Shows an app that echoes its input.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}, "height": {"type": "integer"}, "refresh": {"type": "boolean"}}},
        "_meta": {"ui": {"resourceUri": "ui://appserver/echo.html"}}})"),
        [](const ToolCallContext &call) {
            const QJsonObject args = call.arguments();
            call.respond(textResult(QStringLiteral("echo: %1").arg(args.value(u"text").toString()),
                                    QJsonObject{{QStringLiteral("height"), args.value(u"height").toInt()},
                                                {QStringLiteral("refresh"), args.value(u"refresh").toBool()}}));
        }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "permission-app", "description": "Shows an app that asks for permissions it declares.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"resourceUri": "ui://appserver/permissions.html"}}})"),
        [](const ToolCallContext &call) { call.respond(textResult(QStringLiteral("the permission app is ready"))); }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "undeclared-permission-app", "description": "Shows an app that asks for permissions it does not declare.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"resourceUri": "ui://appserver/undeclared.html"}}})"),
        [](const ToolCallContext &call) { call.respond(textResult(QStringLiteral("the undeclared permission app is ready"))); }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "flood-app", "description": "Shows an app that floods the host with messages.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"resourceUri": "ui://appserver/flood.html"}}})"),
        [](const ToolCallContext &call) { call.respond(textResult(QStringLiteral("the flood app is ready"))); }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "console-app", "description": "Shows an app that writes objects to its console and fails.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"resourceUri": "ui://appserver/console.html"}}})"),
        [](const ToolCallContext &call) { call.respond(textResult(QStringLiteral("the console app is ready"))); }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "admin-only", "description": "Only for the model, never for apps.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"visibility": ["model"]}}})"),
        [](const ToolCallContext &call) {
            note(QStringLiteral("admin-only ran"));
            call.respond(textResult(QStringLiteral("admin-only ran")));
        }).ok();
    ok = ok && server.addTool(toolFrom(R"({"name": "app-refresh", "description": "Only apps may call this.",
        "inputSchema": {"type": "object"}, "_meta": {"ui": {"visibility": ["app"]}}})"),
        [](const ToolCallContext &call) {
            note(QStringLiteral("app-refresh ran"));
            call.respond(textResult(QStringLiteral("refreshed")));
        }).ok();
    if (!ok) {
        note(QStringLiteral("could not register the tools"));
        return 1;
    }
    QObject::connect(&server, &McpServer::initialized, &app, [&server] {
        note(QStringLiteral("client capabilities: %1").arg(QString::fromUtf8(QJsonDocument(server.clientCapabilities()).toJson(QJsonDocument::Compact))));
    });
    QObject::connect(&server, &McpServer::finished, &app, [] { QCoreApplication::quit(); });
    server.start();
    return app.exec();
}
