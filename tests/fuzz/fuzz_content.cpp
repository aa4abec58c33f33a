// What a tool call, a resource read or a prompt brings back, from the protocol types (core/protocol:
// Content, ResourceContents, CallToolResult, ReadResourceResult, GetPromptResult) to the viewers
// that show it (ui/viewers: text, Markdown, images, audio, embedded resources, links, structured
// content and the raw JSON), offscreen, with decoding in the background finished and painted.
//
// Input: a result as JSON: {"content":[...]} (tools/call), {"contents":[...]} (resources/read),
// {"messages":[...]} (prompts/get), a single content block, or an array of blocks.
// Checks, besides the sanitizers: parsing what toJson() wrote gives the same JSON again; decoded
// base64 is empty exactly when it is not valid base64 (or empty).

#include "fuzzguisupport.h"

#include "core/protocol/content.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/resultview.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTabWidget>

using namespace Toolgate;

namespace {

void checkBase64(const QByteArray &base64, const QByteArray &decoded)
{
    const auto strict = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
    if (strict && !strict.decoded.isEmpty())
        TOOLGATE_FUZZ_CHECK(decoded == strict.decoded, "decoded bytes differ from the base64: " + base64.left(100));
}

void checkContent(const Content &content)
{
    const QJsonObject json = content.toJson();
    TOOLGATE_FUZZ_CHECK(Content::fromJson(json).toJson() == json, QJsonDocument(json).toJson().left(300));
    Q_UNUSED(content.typeString());
    if (content.type == Content::Type::Image || content.type == Content::Type::Audio)
        checkBase64(content.data, content.decodedData());
    if (content.type == Content::Type::Resource && !content.resource.isText())
        checkBase64(content.resource.blob, content.resource.decodedBlob());
}

/// A result read from json, checked to write back what it read.
template<typename Result>
Result readBack(const QJsonObject &json)
{
    const Result result = Result::fromJson(json);
    const QJsonObject written = result.toJson();
    TOOLGATE_FUZZ_CHECK(Result::fromJson(written).toJson() == written, QJsonDocument(written).toJson().left(300));
    return result;
}

void show(QWidget &widget)
{
    widget.resize(640, 480);
    widget.show();
    Fuzz::settle();
    Q_UNUSED(widget.grab());
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::ensureGuiApplication)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument document = QJsonDocument::fromJson(Fuzz::input(data, size));
    if (document.isArray()) {
        const QList<Content> blocks = Content::listFromJson(document.array());
        TOOLGATE_FUZZ_CHECK(Content::listFromJson(Content::listToJson(blocks)).size() == blocks.size(), "list round trip");
        for (const Content &content : blocks) {
            checkContent(content);
            ContentView view(content);
            show(view);
        }
        return 0;
    }
    if (!document.isObject())
        return 0;
    const QJsonObject json = document.object();

    if (json.contains(QLatin1String("content"))) {
        const CallToolResult result = readBack<CallToolResult>(json);
        Q_UNUSED(result.textSummary());
        for (const Content &content : result.content)
            checkContent(content);
        ResultView view;
        view.setResult(result);
        show(view);
        for (int tab : {ResultView::StructuredTab, ResultView::RawJsonTab}) {
            view.tabs()->setCurrentIndex(tab);
            show(view);
        }
        return 0;
    }
    if (json.contains(QLatin1String("contents"))) {
        const ReadResourceResult result = readBack<ReadResourceResult>(json);
        for (const ResourceContents &contents : result.contents) {
            if (!contents.isText())
                checkBase64(contents.blob, contents.decodedBlob());
        }
        ResultView view;
        view.setReadResourceResult(result);
        show(view);
        return 0;
    }
    if (json.contains(QLatin1String("messages"))) {
        const GetPromptResult result = readBack<GetPromptResult>(json);
        for (const PromptMessage &message : result.messages) {
            checkContent(message.content);
            ContentView view(message.content);
            show(view);
        }
        return 0;
    }
    const Content content = Content::fromJson(json);
    checkContent(content);
    ContentView view(content);
    show(view);
    return 0;
}
