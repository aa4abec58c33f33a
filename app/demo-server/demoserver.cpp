#include "app/demo-server/demoserver.h"

#include "app/demo-server/democontent.h"
#include "app/demo-server/demonote.h"
#include "app/demo-server/demotasktools.h"
#include "app/demo-server/demotools.h"
#include "core/common/error.h"
#include "core/server/mcpserver.h"

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
      "action": {"type": "string", "description": "add, remove, or toggle (the default) the extras.", "enum": ["toggle", "add", "remove"], "default": "toggle"}
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
                call.fail(makeError(ErrorCode::InternalError, u"the demo server is shutting down"_s));
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

Result<void> DemoServer::Private::registerResources()
{
    const auto fixedText = [](QString text) {
        return [text = std::move(text)](const QString &) -> Result<ReadResourceResult> { return textContents(text); };
    };
    const auto fixedBlob = [](QByteArray bytes) {
        return [bytes = std::move(bytes)](const QString &) -> Result<ReadResourceResult> { return blobContents(bytes); };
    };

    Resource readme = makeResource(DemoContent::readmeUri, u"readme"_s, u"README"_s,
                                   u"What this server is and what to try first."_s, u"text/markdown"_s,
                                   DemoContent::readme().toUtf8().size());
    readme.annotations.audience = QStringList{u"user"_s, u"assistant"_s};
    readme.annotations.priority = 0.9;
    const QByteArray config = DemoContent::configJson();
    const QByteArray logo = DemoContent::logoPng();
    const QByteArray blob = DemoContent::sampleBlob();

    const std::pair<Resource, McpServer::ResourceReadHandler> resources[] = {
        {readme, fixedText(DemoContent::readme())},
        {makeResource(DemoContent::configUri, u"config.json"_s, u"Sample configuration"_s,
                      u"A small JSON document with nested values."_s, u"application/json"_s, config.size()),
         fixedText(QString::fromUtf8(config))},
        {makeResource(DemoContent::logoUri, u"logo.png"_s, u"Logo"_s,
                      u"A 64 × 64 PNG picture, generated by the server (binary contents)."_s, u"image/png"_s, logo.size()),
         fixedBlob(logo)},
        {makeResource(DemoContent::counterUri, u"counter"_s, u"Touch counter"_s,
                      u"A number that grows each time you call touch_resource. Subscribe to hear about changes."_s,
                      u"text/plain"_s),
         [weak = weak_from_this()](const QString &) -> Result<ReadResourceResult> {
             const auto self = weak.lock();
             const int touches = self ? self->touches : 0;
             return textContents(u"This resource has been touched %1 times."_s.arg(touches));
         }},
        {makeResource(DemoContent::snippetUri, u"hello.cpp"_s, u"Hello, C++"_s, u"A short C++ program."_s,
                      u"text/x-c++src"_s, DemoContent::cppSnippet().toUtf8().size()),
         fixedText(DemoContent::cppSnippet())},
        {makeResource(DemoContent::blobUri, u"sample.bin"_s, u"Binary sample"_s,
                      u"64 bytes of binary data that are not text."_s, u"application/octet-stream"_s, blob.size()),
         fixedBlob(blob)},
    };
    for (const auto &[resource, handler] : resources) {
        if (auto added = server->addResource(resource, handler); !added)
            return added;
    }

    ResourceTemplate greeting;
    greeting.uriTemplate = DemoContent::greetingTemplate;
    greeting.name = u"greeting"_s;
    greeting.title = u"Personal greeting"_s;
    greeting.description = u"A greeting for any name: replace {name}, e.g. demo://greeting/Ada."_s;
    greeting.mimeType = u"text/plain"_s;
    return server->addResourceTemplate(greeting, [](const QString &, const QMap<QString, QString> &variables)
                                                      -> Result<ReadResourceResult> {
        return textContents(u"Hello, %1! Welcome to the Toolgate demo server."_s.arg(variables.value(u"name"_s)));
    });
}

Result<void> DemoServer::Private::registerPrompts()
{
    Prompt summarize;
    summarize.name = u"summarize"_s;
    summarize.title = u"Summarize text"_s;
    summarize.description = u"Asks the model to summarize a text in the style you choose."_s;
    summarize.arguments = {argument(u"text"_s, u"Text"_s, u"The text to summarize."_s, true),
                           argument(u"style"_s, u"Style"_s, u"brief (the default), detailed or bullet-points."_s, false)};
    auto added = server->addPrompt(summarize, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        const QString style = arguments.value(u"style"_s, u"brief"_s);
        static const QMap<QString, QString> instructions{
            {u"brief"_s, u"in two or three sentences"_s},
            {u"detailed"_s, u"in detail, keeping every important point"_s},
            {u"bullet-points"_s, u"as a short list of bullet points"_s}};
        if (!instructions.contains(style))
            return makeError(ErrorCode::InvalidParams,
                             u"unknown style \"%1\"; use brief, detailed or bullet-points"_s.arg(style));
        GetPromptResult result;
        result.description = u"Summarize a text (%1)"_s.arg(style);
        result.messages.append(userText(u"Please summarize the following text %1.\n\n%2"_s.arg(instructions.value(style),
                                                                                             arguments.value(u"text"_s))));
        return result;
    });
    if (!added)
        return added;

    Prompt review;
    review.name = u"code_review"_s;
    review.title = u"Review code"_s;
    review.description = u"Asks the model for a friendly, specific review of a piece of code."_s;
    review.arguments = {argument(u"language"_s, u"Language"_s, u"The programming language, e.g. cpp or python."_s, true),
                        argument(u"code"_s, u"Code"_s, u"The code to review."_s, true)};
    return server->addPrompt(review, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        const QString language = arguments.value(u"language"_s);
        GetPromptResult result;
        result.description = u"Review %1 code"_s.arg(language);
        result.messages.append(userText(
            u"Please review the %1 code below. Point out bugs, unclear names and missing tests; be kind and specific."_s
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
        const QString side = QRandomGenerator::global()->bounded(2) == 0 ? u"heads"_s : u"tails"_s;
        CallToolResult result;
        result.content.append(Content::makeText(u"The coin landed on %1."_s.arg(side)));
        result.structuredContent = QJsonObject{{u"side"_s, side}};
        call.respond(result);
    });
    if (!added)
        return added;
    added = server->addResource(makeResource(DemoContent::extraNotesUri, u"notes"_s, u"Extra notes"_s,
                                             u"A resource added at run time by change_catalog."_s, u"text/plain"_s),
                                [](const QString &) -> Result<ReadResourceResult> {
                                    return textContents(u"These notes appeared because someone called change_catalog."_s);
                                });
    if (!added)
        return added;
    Prompt haiku;
    haiku.name = u"haiku"_s;
    haiku.title = u"Write a haiku"_s;
    haiku.description = u"A prompt added at run time by change_catalog."_s;
    haiku.arguments = {argument(u"topic"_s, u"Topic"_s, u"What the haiku is about."_s, true)};
    return server->addPrompt(haiku, [](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        GetPromptResult result;
        result.description = u"A haiku about %1"_s.arg(arguments.value(u"topic"_s));
        result.messages.append(userText(u"Write a haiku (5-7-5 syllables) about %1."_s.arg(arguments.value(u"topic"_s))));
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
            u"Invalid arguments for change_catalog: \"action\" must be toggle, add or remove."_s));
        error.isError = true;
        call.respond(error);
        return;
    }
    const bool wantExtras = action == u"toggle" ? !extrasPresent : action == u"add";
    QString text;
    if (wantExtras == extrasPresent) {
        text = extrasPresent ? u"The extras are already there; nothing changed."_s
                             : u"The extras are already gone; nothing changed."_s;
    } else if (wantExtras) {
        if (auto added = addExtras(); !added) {
            removeExtras();
            call.fail(added.error());
            return;
        }
        extrasPresent = true;
        text = u"Added the tool coin_flip, the resource demo://extra/notes and the prompt haiku. "
               u"The client was told with list_changed notifications; refresh the lists to see them."_s;
    } else {
        removeExtras();
        extrasPresent = false;
        text = u"Removed coin_flip, demo://extra/notes and haiku again (list_changed notifications sent)."_s;
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
        subscribed ? u"demo://counter is now %1. Subscribers were sent notifications/resources/updated."_s.arg(touches)
                   : u"demo://counter is now %1. Nobody is subscribed to it, so no notification was sent."_s.arg(touches)));
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
    info.description = u"A friendly sample server that shows every kind of MCP content and feature."_s;
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
    return u"This is a **demo server** for trying MCP and Toolgate; nothing it does touches files or the network.\n\n"
           u"Every tool shows one feature: `echo` and `add` for the basics, `generate_image` and `generate_audio` for "
           u"media, `embedded_resources` and `resource_links` for resources, `weather` for structured output, `slow_task` "
           u"for progress and cancellation, `rich_form` for forms, `confirm_action` for a server asking you (elicitation), "
           u"`log_messages` for logging and `change_catalog` for live updates. `research`, `long_report`, `failing_job` and "
           u"`choose_format` run for a while as tasks, which you can follow, answer and cancel.\n\nRead demo://readme for a tour."_s;
}

} // namespace Toolgate
