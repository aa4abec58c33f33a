#include "app/demo-server/demoserver.h"

#include "app/demo-server/democontent.h"
#include "app/demo-server/demonote.h"
#include "app/demo-server/demotasktools.h"
#include "app/demo-server/demotools.h"
#include "core/common/error.h"
#include "core/server/mcpserver.h"

#include <QCoreApplication>
#include <QPointer>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

ReadResourceResult textContents(const QString &text)
{
    ReadResourceResult result;
    ResourceContents contents;
    contents.text = text;
    result.contents.append(contents);
    return result;
}

ReadResourceResult blobContents(const QByteArray &bytes)
{
    ReadResourceResult result;
    ResourceContents contents;
    contents.blob = bytes.toBase64();
    result.contents.append(contents);
    return result;
}

Resource makeResource(const QString &uri, const QString &name, const QString &title, const QString &description,
                      const QString &mimeType, std::optional<qint64> size = std::nullopt)
{
    Resource resource;
    resource.uri = uri;
    resource.name = name;
    resource.title = title;
    resource.description = description;
    resource.mimeType = mimeType;
    resource.size = size;
    return resource;
}

PromptArgument argument(const QString &name, const QString &title, const QString &description, bool required)
{
    PromptArgument a;
    a.name = name;
    a.title = title;
    a.description = description;
    a.required = required;
    return a;
}

PromptMessage userText(const QString &text)
{
    return PromptMessage{u"user"_s, Content::makeText(text)};
}

QString mimeTypeForLanguage(const QString &language)
{
    static const QMap<QString, QString> types{{u"c"_s, u"text/x-csrc"_s},      {u"cpp"_s, u"text/x-c++src"_s},
                                              {u"java"_s, u"text/x-java"_s},    {u"python"_s, u"text/x-python"_s},
                                              {u"rust"_s, u"text/x-rust"_s},    {u"go"_s, u"text/x-go"_s},
                                              {u"javascript"_s, u"text/javascript"_s},
                                              {u"typescript"_s, u"text/x-typescript"_s}};
    return types.value(language.toLower(), u"text/plain"_s);
}

const char *const changeCatalogTool = R"json({
  "name": "change_catalog",
  "title": "Change the catalog",
  "description": "Adds or removes an extra tool (coin_flip), resource (demo://extra/notes) and prompt (haiku) while the server runs, and tells the client with list_changed notifications.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "action": {"title": "Action", "type": "string", "description": "add, remove, or toggle (the default) the extras.", "enum": ["toggle", "add", "remove"], "default": "toggle"}
    }
  },
  "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": false}
})json";

const char *const touchResourceTool = R"json({
  "name": "touch_resource",
  "title": "Touch the counter resource",
  "description": "Adds one to the counter behind demo://counter. Clients subscribed to that resource get notifications/resources/updated.",
  "inputSchema": {"type": "object", "properties": {}},
  "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": false}
})json";

const char *const coinFlipTool = R"json({
  "name": "coin_flip",
  "title": "Flip a coin",
  "description": "Flips a coin. This tool was added at run time by change_catalog.",
  "inputSchema": {"type": "object", "properties": {}},
  "outputSchema": {
    "type": "object",
    "properties": {"side": {"type": "string", "enum": ["heads", "tails"]}},
    "required": ["side"]
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": false, "openWorldHint": false}
})json";

} // namespace

class DemoServer::Private : public std::enable_shared_from_this<DemoServer::Private>
{
public:
    QPointer<McpServer> server;
    int touches = 0;
    bool extrasPresent = false;

    // Handlers hold a weak reference: the state belongs to the DemoServer, and a call that
    // arrives after it is gone gets a clean error instead of touching freed memory.
    template<typename Fn>
    McpServer::ToolHandler toolHandler(Fn fn)
    {
        return [weak = weak_from_this(), fn](const ToolCallContext &call) {
            if (const auto self = weak.lock())
                fn(*self, call);
            else
                call.fail(
                    makeError(ErrorCode::InternalError, QCoreApplication::translate("DemoResults", "the demo server is shutting down")));
        };
    }

    Result<void> registerResources();
    Result<void> registerPrompts();
    Result<void> registerStatefulTools();
    void installCompletions();

    Result<void> addExtras();
    void removeExtras();
    void changeCatalog(const ToolCallContext &call);
    void touchResource(const ToolCallContext &call);
};

// Titles, descriptions, contents and messages are in the person's language (#34 item 6): contexts
// DemoResources, DemoPrompts and DemoResults of app/demo-server/toolgate-demo-server_de.ts. URIs, names,
// argument names and structured values are what programs use and stay as they are.
Result<void> DemoServer::Private::registerResources()
{
    const auto fixedText = [](QString text) {
        return [text = std::move(text)](const QString &) -> Result<ReadResourceResult> { return textContents(text); };
    };
    const auto fixedBlob = [](QByteArray bytes) {
        return [bytes = std::move(bytes)](const QString &) -> Result<ReadResourceResult> { return blobContents(bytes); };
    };

    Resource readme = makeResource(DemoContent::readmeUri, u"readme"_s, QCoreApplication::translate("DemoResources", "README"),
                                   QCoreApplication::translate("DemoResources", "What this server is and what to try first."),
                                   u"text/markdown"_s, DemoContent::readme().toUtf8().size());
    readme.annotations.audience = QStringList{u"user"_s, u"assistant"_s};
    readme.annotations.priority = 0.9;
    const QByteArray config = DemoContent::configJson();
    const QByteArray logo = DemoContent::logoPng();
    const QByteArray blob = DemoContent::sampleBlob();

    const std::pair<Resource, McpServer::ResourceReadHandler> resources[] = {
        {readme, fixedText(DemoContent::readme())},
        {makeResource(DemoContent::configUri, u"config.json"_s, QCoreApplication::translate("DemoResources", "Sample configuration"),
                      QCoreApplication::translate("DemoResources", "A small JSON document with nested values."), u"application/json"_s,
                      config.size()),
         fixedText(QString::fromUtf8(config))},
        {makeResource(DemoContent::logoUri, u"logo.png"_s, QCoreApplication::translate("DemoResources", "Logo"),
                      QCoreApplication::translate("DemoResources", "A 64 × 64 PNG picture, generated by the server (binary contents)."),
                      u"image/png"_s, logo.size()),
         fixedBlob(logo)},
        {makeResource(DemoContent::counterUri, u"counter"_s, QCoreApplication::translate("DemoResources", "Touch counter"),
                      QCoreApplication::translate(
                          "DemoResources", "A number that grows each time you call touch_resource. Subscribe to hear about changes."),
                      u"text/plain"_s),
         [weak = weak_from_this()](const QString &) -> Result<ReadResourceResult> {
             const auto self = weak.lock();
             const int touches = self ? self->touches : 0;
             return textContents(QCoreApplication::translate("DemoResources", "This resource has been touched %L1 times.").arg(touches));
         }},
        {makeResource(DemoContent::snippetUri, u"hello.cpp"_s, QCoreApplication::translate("DemoResources", "Hello, C++"),
                      QCoreApplication::translate("DemoResources", "A short C++ program."), u"text/x-c++src"_s,
                      DemoContent::cppSnippet().toUtf8().size()),
         fixedText(DemoContent::cppSnippet())},
        {makeResource(DemoContent::blobUri, u"sample.bin"_s, QCoreApplication::translate("DemoResources", "Binary sample"),
                      QCoreApplication::translate("DemoResources", "64 bytes of binary data that are not text."),
                      u"application/octet-stream"_s, blob.size()),
         fixedBlob(blob)},
    };
    for (const auto &[resource, handler] : resources) {
        if (auto added = server->addResource(resource, handler); !added)
            return added;
    }

    ResourceTemplate greeting;
    greeting.uriTemplate = DemoContent::greetingTemplate;
    greeting.name = u"greeting"_s;
    greeting.title = QCoreApplication::translate("DemoResources", "Personal greeting");
    greeting.description = QCoreApplication::translate("DemoResources",
                                                       "A greeting for any name: replace {name}, e.g. demo://greeting/Ada.");
    greeting.mimeType = u"text/plain"_s;
    return server->addResourceTemplate(
        greeting, [](const QString &, const QMap<QString, QString> &variables) -> Result<ReadResourceResult> {
            return textContents(QCoreApplication::translate("DemoResources", "Hello, %1! Welcome to the Toolgate demo server.")
                                    .arg(variables.value(u"name"_s)));
        });
}

Result<void> DemoServer::Private::registerPrompts()
{
    Prompt summarize;
    summarize.name = u"summarize"_s;
    summarize.title = QCoreApplication::translate("DemoPrompts", "Summarize text");
    summarize.description = QCoreApplication::translate("DemoPrompts", "Asks the model to summarize a text in the style you choose.");
    summarize.arguments = {argument(u"text"_s, QCoreApplication::translate("DemoPrompts", "Text"),
                                    QCoreApplication::translate("DemoPrompts", "The text to summarize."), true),
                           argument(u"style"_s, QCoreApplication::translate("DemoPrompts", "Style"),
                                    QCoreApplication::translate("DemoPrompts", "brief (the default), detailed or bullet-points."), false)};
    auto added = server->addPrompt(summarize, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        const QString style = arguments.value(u"style"_s, u"brief"_s);
        // The model reads the whole request in one language: the person's.
        const QMap<QString, QString> requests{
            {u"brief"_s,
             QCoreApplication::translate("DemoPrompts", "Please summarize the following text in two or three sentences.\n\n%1")},
            {u"detailed"_s,
             QCoreApplication::translate("DemoPrompts",
                                         "Please summarize the following text in detail, keeping every important point.\n\n%1")},
            {u"bullet-points"_s,
             QCoreApplication::translate("DemoPrompts", "Please summarize the following text as a short list of bullet points.\n\n%1")}};
        if (!requests.contains(style))
            return makeError(
                ErrorCode::InvalidParams,
                QCoreApplication::translate("DemoPrompts", "unknown style \"%1\"; use brief, detailed or bullet-points").arg(style));
        GetPromptResult result;
        result.description = QCoreApplication::translate("DemoPrompts", "Summarize a text (%1)").arg(style);
        result.messages.append(userText(requests.value(style).arg(arguments.value(u"text"_s))));
        return result;
    });
    if (!added)
        return added;

    Prompt review;
    review.name = u"code_review"_s;
    review.title = QCoreApplication::translate("DemoPrompts", "Review code");
    review.description = QCoreApplication::translate("DemoPrompts", "Asks the model for a friendly, specific review of a piece of code.");
    review.arguments = {argument(u"language"_s, QCoreApplication::translate("DemoPrompts", "Language"),
                                 QCoreApplication::translate("DemoPrompts", "The programming language, e.g. cpp or python."), true),
                        argument(u"code"_s, QCoreApplication::translate("DemoPrompts", "Code"),
                                 QCoreApplication::translate("DemoPrompts", "The code to review."), true)};
    return server->addPrompt(review, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        const QString language = arguments.value(u"language"_s);
        GetPromptResult result;
        result.description = QCoreApplication::translate("DemoPrompts", "Review %1 code").arg(language);
        result.messages.append(userText(
            QCoreApplication::translate(
                "DemoPrompts", "Please review the %1 code below. Point out bugs, unclear names and missing tests; be kind and specific.")
                .arg(language)));
        // The code travels as an embedded resource so the client can show it with highlighting.
        PromptMessage code;
        code.role = u"user"_s;
        code.content.type = Content::Type::Resource;
        code.content.resource.uri = u"demo://review/snippet"_s;
        code.content.resource.mimeType = mimeTypeForLanguage(language);
        code.content.resource.text = arguments.value(u"code"_s);
        result.messages.append(code);
        return result;
    });
}

void DemoServer::Private::installCompletions()
{
    server->setCompletionHandler([](const CompletionRequest &request) -> Result<CompleteResult> {
        const auto &ref = request.reference;
        if (ref.kind == CompletionReference::Kind::Prompt) {
            if (ref.nameOrUri == u"summarize" && request.argumentName == u"style")
                return McpServer::completeFrom(DemoContent::summaryStyles(), request.value);
            if (ref.nameOrUri == u"code_review" && request.argumentName == u"language")
                return McpServer::completeFrom(DemoContent::programmingLanguages(), request.value);
        } else if (ref.nameOrUri == DemoContent::greetingTemplate && request.argumentName == u"name") {
            return McpServer::completeFrom(DemoContent::greetingNames(), request.value);
        }
        // Free text: nothing to suggest.
        CompleteResult none;
        none.total = 0;
        return none;
    });
}

Result<void> DemoServer::Private::registerStatefulTools()
{
    if (auto added = server->addTool(DemoTools::toolFromJson(changeCatalogTool),
                                     toolHandler([](Private &self, const ToolCallContext &call) { self.changeCatalog(call); }));
        !added) {
        return added;
    }
    return server->addTool(DemoTools::toolFromJson(touchResourceTool),
                           toolHandler([](Private &self, const ToolCallContext &call) { self.touchResource(call); }));
}

Result<void> DemoServer::Private::addExtras()
{
    auto added = server->addTool(DemoTools::toolFromJson(coinFlipTool), [](const ToolCallContext &call) {
        const bool heads = QRandomGenerator::global()->bounded(2) == 0;
        const QString side = heads ? u"heads"_s : u"tails"_s;
        CallToolResult result;
        result.content.append(Content::makeText(heads ? QCoreApplication::translate("DemoResults", "The coin landed on heads.")
                                                      : QCoreApplication::translate("DemoResults", "The coin landed on tails.")));
        result.structuredContent = QJsonObject{{u"side"_s, side}};
        call.respond(result);
    });
    if (!added)
        return added;
    added = server->addResource(
        makeResource(DemoContent::extraNotesUri, u"notes"_s, QCoreApplication::translate("DemoResources", "Extra notes"),
                     QCoreApplication::translate("DemoResources", "A resource added at run time by change_catalog."), u"text/plain"_s),
        [](const QString &) -> Result<ReadResourceResult> {
            return textContents(
                QCoreApplication::translate("DemoResources", "These notes appeared because someone called change_catalog."));
        });
    if (!added)
        return added;
    Prompt haiku;
    haiku.name = u"haiku"_s;
    haiku.title = QCoreApplication::translate("DemoPrompts", "Write a haiku");
    haiku.description = QCoreApplication::translate("DemoPrompts", "A prompt added at run time by change_catalog.");
    haiku.arguments = {argument(u"topic"_s, QCoreApplication::translate("DemoPrompts", "Topic"),
                                QCoreApplication::translate("DemoPrompts", "What the haiku is about."), true)};
    return server->addPrompt(haiku, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        GetPromptResult result;
        result.description = QCoreApplication::translate("DemoPrompts", "A haiku about %1").arg(arguments.value(u"topic"_s));
        result.messages.append(userText(
            QCoreApplication::translate("DemoPrompts", "Write a haiku (5-7-5 syllables) about %1.").arg(arguments.value(u"topic"_s))));
        return result;
    });
}

void DemoServer::Private::removeExtras()
{
    server->removeTool(u"coin_flip"_s);
    server->removeResource(DemoContent::extraNotesUri);
    server->removePrompt(u"haiku"_s);
}

void DemoServer::Private::changeCatalog(const ToolCallContext &call)
{
    const QJsonValue actionValue = call.arguments().value(u"action");
    const QString action = actionValue.isUndefined() ? u"toggle"_s : actionValue.toString();
    if (action != u"toggle" && action != u"add" && action != u"remove") {
        CallToolResult error;
        error.content.append(Content::makeText(
            QCoreApplication::translate("DemoResults", "Invalid arguments for change_catalog: \"action\" must be toggle, add or remove.")));
        error.isError = true;
        call.respond(error);
        return;
    }
    const bool wantExtras = action == u"toggle" ? !extrasPresent : action == u"add";
    QString text;
    if (wantExtras == extrasPresent) {
        text = extrasPresent ? QCoreApplication::translate("DemoResults", "The extras are already there; nothing changed.")
                             : QCoreApplication::translate("DemoResults", "The extras are already gone; nothing changed.");
    } else if (wantExtras) {
        if (auto added = addExtras(); !added) {
            removeExtras();
            call.fail(added.error());
            return;
        }
        extrasPresent = true;
        text = QCoreApplication::translate("DemoResults",
                                           "Added the tool coin_flip, the resource demo://extra/notes and the prompt haiku. "
                                           "The client was told with list_changed notifications; refresh the lists to see them.");
    } else {
        removeExtras();
        extrasPresent = false;
        text = QCoreApplication::translate("DemoResults",
                                           "Removed coin_flip, demo://extra/notes and haiku again (list_changed notifications sent).");
    }
    demoNote(u"change_catalog: extras are now %1"_s.arg(extrasPresent ? u"present"_s : u"absent"_s));
    CallToolResult result;
    result.content.append(Content::makeText(text));
    result.structuredContent = QJsonObject{{u"extrasPresent"_s, extrasPresent}};
    call.respond(result);
}

void DemoServer::Private::touchResource(const ToolCallContext &call)
{
    ++touches;
    const bool subscribed = server->isSubscribed(DemoContent::counterUri);
    server->notifyResourceUpdated(DemoContent::counterUri);
    CallToolResult result;
    result.content.append(Content::makeText(
        (subscribed ? QCoreApplication::translate("DemoResults",
                                                  "demo://counter is now %L1. Subscribers were sent notifications/resources/updated.")
                    : QCoreApplication::translate("DemoResults",
                                                  "demo://counter is now %L1. Nobody is subscribed to it, so no notification was sent."))
            .arg(touches)));
    result.structuredContent = QJsonObject{{u"touches"_s, touches}, {u"notified"_s, subscribed}};
    call.respond(result);
}

// ---- DemoServer -------------------------------------------------------------------------------

DemoServer::DemoServer(McpServer *server)
    : d(std::make_shared<Private>())
{
    d->server = server;
}

DemoServer::~DemoServer() = default;

Result<void> DemoServer::registerAll()
{
    if (!d->server)
        return makeError(ErrorCode::InternalError, u"no server to register with"_s);
    if (auto added = DemoTools::registerAll(*d->server); !added)
        return added;
    if (auto added = d->registerStatefulTools(); !added)
        return added;
    if (auto added = DemoTaskTools::registerAll(*d->server); !added)
        return added;
    if (auto added = d->registerResources(); !added)
        return added;
    if (auto added = d->registerPrompts(); !added)
        return added;
    d->installCompletions();
    return {};
}

Implementation DemoServer::serverInfo()
{
    Implementation info;
    info.name = u"toolgate-demo-server"_s;
    info.title = u"Toolgate Demo Server"_s;
    info.version = QStringLiteral(TOOLGATE_VERSION);
    info.description = QCoreApplication::translate("DemoServer",
                                                   "A friendly sample server that shows every kind of MCP content and feature.");
    Icon icon;
    icon.src = u"data:image/png;base64,"_s + QString::fromLatin1(DemoContent::logoPng().toBase64());
    icon.mimeType = u"image/png"_s;
    icon.sizes = QStringList{u"64x64"_s};
    info.icons.append(icon);
    return info;
}

QString DemoServer::instructions()
{
    // Markdown, as instructions often are: clients that render it show the tool names as code.
    return QCoreApplication::translate(
        "DemoServer",
        "This is a **demo server** for trying MCP and Toolgate; nothing it does touches files or the network.\n\n"
        "Every tool shows one feature: `echo` and `add` for the basics, `generate_image` and `generate_audio` for "
        "media, `embedded_resources` and `resource_links` for resources, `weather` for structured output, `slow_task` "
        "for progress and cancellation, `rich_form` for forms, `confirm_action` for a server asking you (elicitation), "
        "`log_messages` for logging and `change_catalog` for live updates. `research`, `long_report`, `failing_job` and "
        "`choose_format` run for a while as tasks, which you can follow, answer and cancel.\n\nRead demo://readme for a tour.");
}

} // namespace Toolgate
