#include "core/compare/interfacesnapshot.h"

#include "core/client/clientsession.h"
#include "core/common/atomicfile.h"
#include "core/common/error.h"
#include "core/common/jsonkeyorder.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QPointer>

#include <memory>

namespace Toolgate {

namespace {

QByteArray indentedBy(QByteArray text, int spaces)
{
    const QByteArray indent(spaces, ' ');
    text.replace('\n', QByteArray('\n' + indent));
    return indent + text;
}

QJsonObject definitionOf(const Tool &tool)
{
    return tool.raw.isEmpty() ? tool.toJson() : tool.raw;
}

/// `"key": [ ... ]` at the top level, each element written with its own key order.
void appendArrayMember(QByteArray &out, const char *key, const QList<QJsonObject> &items,
                       const QList<JsonKeyOrder> &orders, bool last)
{
    out += "    ";
    JsonWriter::appendString(out, QString::fromLatin1(key));
    if (items.isEmpty()) {
        out += ": []";
    } else {
        out += ": [\n";
        for (qsizetype i = 0; i < items.size(); ++i) {
            out += indentedBy(JsonWriter::toIndentedJson(items.at(i), orders.value(i)), 8);
            out += i + 1 < items.size() ? ",\n" : "\n";
        }
        out += "    ]";
    }
    out += last ? "\n" : ",\n";
}

void appendScalarMember(QByteArray &out, const char *key, const QJsonValue &value)
{
    out += "    ";
    JsonWriter::appendString(out, QString::fromLatin1(key));
    out += ": ";
    out += JsonWriter::toIndentedJson(value).replace('\n', "\n    ");
    out += ",\n";
}

Error fileError(const QString &message)
{
    return makeError(ErrorCode::ConfigError, message);
}

/// The state of one capture, shared by its steps.
struct Capture
{
    QPointer<ClientSession> session;
    QPointer<QObject> context;
    std::function<void(const Result<InterfaceSnapshot> &)> done;
    InterfaceSnapshot snapshot;
    QElapsedTimer timer;
    bool answered = false;

    void fail(const Error &error)
    {
        if (answered)
            return;
        answered = true;
        done(error);
    }
    void finish()
    {
        if (answered)
            return;
        answered = true;
        snapshot.durationMs = timer.elapsed();
        done(snapshot);
    }
};

void capturePrompts(const std::shared_ptr<Capture> &state)
{
    if (!state->session || !state->session->serverCapabilities().prompts) {
        state->finish();
        return;
    }
    state->session->listPrompts(state->context, [state](const Result<QList<Prompt>> &prompts) {
        if (!prompts)
            return state->fail(prompts.error());
        state->snapshot.prompts = prompts.value();
        state->finish();
    });
}

void captureResources(const std::shared_ptr<Capture> &state)
{
    if (!state->session || !state->session->serverCapabilities().resources) {
        capturePrompts(state);
        return;
    }
    state->session->listResources(state->context, [state](const Result<QList<Resource>> &resources) {
        if (!resources)
            return state->fail(resources.error());
        state->snapshot.resources = resources.value();
        if (!state->session)
            return state->fail(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::InterfaceSnapshot", "The server went away while its interface was listed.")));
        state->session->listResourceTemplates(state->context, [state](const Result<QList<ResourceTemplate>> &templates) {
            // A server with resources but no templates may not know the method at all: it has none.
            if (!templates && templates.error().code != int(ErrorCode::MethodNotFound))
                return state->fail(templates.error());
            if (templates)
                state->snapshot.resourceTemplates = templates.value();
            capturePrompts(state);
        });
    });
}

} // namespace

QByteArray InterfaceSnapshot::toJson() const
{
    QByteArray out = "{\n";
    appendScalarMember(out, "format", QString::fromLatin1(formatName));
    appendScalarMember(out, "formatVersion", formatVersion);
    appendScalarMember(out, "takenAt", takenAt.toUTC().toString(Qt::ISODateWithMs));
    appendScalarMember(out, "durationMs", double(durationMs));
    appendScalarMember(out, "protocolVersion", protocolVersion);
    appendScalarMember(out, "server", server.toJson());
    QList<QJsonObject> toolJson;
    QList<JsonKeyOrder> toolOrders;
    for (const Tool &tool : tools) {
        toolJson.append(definitionOf(tool));
        toolOrders.append(tool.rawOrder);
    }
    appendArrayMember(out, "tools", toolJson, toolOrders, false);
    appendArrayMember(out, "resources", jsonObjectsOf(resources), {}, false);
    appendArrayMember(out, "resourceTemplates", jsonObjectsOf(resourceTemplates), {}, false);
    appendArrayMember(out, "prompts", jsonObjectsOf(prompts), {}, true);
    out += "}\n";
    return out;
}

Result<InterfaceSnapshot> InterfaceSnapshot::fromJson(QByteArrayView json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "It is not valid JSON (at byte %1: %2).").arg(parseError.offset).arg(parseError.errorString()));
    const QJsonObject root = document.object();
    if (!document.isObject() || root.value(u"format").toString() != QLatin1String(formatName))
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "It is not an interface snapshot written by Toolgate."));
    const int version = root.value(u"formatVersion").toInt(0);
    if (version < 1)
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "It has no valid format version."));
    if (version > formatVersion)
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "It was written by a newer Toolgate (format %1; this one reads up to %2).").arg(version).arg(formatVersion));

    const auto arrayOf = [&root](const char *key) -> Result<QJsonArray> {
        const QJsonValue value = root.value(QLatin1String(key));
        if (value.isUndefined())
            return QJsonArray();
        if (!value.isArray())
            return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "Its \"%1\" is not a list.").arg(QLatin1String(key)));
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isObject())
                return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "Its \"%1\" holds something that is not an object.").arg(QLatin1String(key)));
        }
        return value.toArray();
    };

    InterfaceSnapshot snapshot;
    snapshot.server = Implementation::fromJson(root.value(u"server").toObject());
    snapshot.protocolVersion = root.value(u"protocolVersion").toString();
    snapshot.takenAt = QDateTime::fromString(root.value(u"takenAt").toString(), Qt::ISODateWithMs);
    snapshot.durationMs = qint64(root.value(u"durationMs").toDouble());

    const JsonKeyOrder order = JsonKeyOrder::fromJson(json);
    const auto tools = arrayOf("tools");
    if (!tools)
        return tools.error();
    const JsonKeyOrder toolOrders = order.member(u"tools");
    for (qsizetype i = 0; i < tools->size(); ++i) {
        Tool tool = Tool::fromJson(tools->at(i).toObject());
        tool.rawOrder = toolOrders.element(i);
        snapshot.tools.append(tool);
    }
    const auto resources = arrayOf("resources");
    if (!resources)
        return resources.error();
    for (const QJsonValue &item : resources.value())
        snapshot.resources.append(Resource::fromJson(item.toObject()));
    const auto templates = arrayOf("resourceTemplates");
    if (!templates)
        return templates.error();
    for (const QJsonValue &item : templates.value())
        snapshot.resourceTemplates.append(ResourceTemplate::fromJson(item.toObject()));
    const auto prompts = arrayOf("prompts");
    if (!prompts)
        return prompts.error();
    for (const QJsonValue &item : prompts.value())
        snapshot.prompts.append(Prompt::fromJson(item.toObject()));
    return snapshot;
}

Result<void> InterfaceSnapshot::save(const QString &path) const
{
    return AtomicFile::write(path, toJson());
}

Result<InterfaceSnapshot> InterfaceSnapshot::load(const QString &path)
{
    // A snapshot is a list of definitions; anything this big is not one, and is not read into memory.
    constexpr qint64 maxFileSize = 256 * 1024 * 1024;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "Could not read the snapshot file %1: %2").arg(path, file.errorString()));
    if (file.size() > maxFileSize)
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "The snapshot file %1 is too large to be a snapshot.").arg(path));
    auto snapshot = fromJson(file.readAll());
    if (!snapshot)
        return fileError(QCoreApplication::translate("Toolgate::InterfaceSnapshot", "The file %1 cannot be read as a snapshot: %2").arg(path, snapshot.error().message));
    return snapshot;
}

void InterfaceSnapshot::capture(ClientSession *session, QObject *context,
                                std::function<void(const Result<InterfaceSnapshot> &)> done)
{
    auto state = std::make_shared<Capture>();
    state->session = session;
    state->context = context;
    state->done = std::move(done);
    state->timer.start();
    if (!session || !session->isReady()) {
        // Answered later, like every other outcome.
        QMetaObject::invokeMethod(context, [state] {
            state->fail(makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::InterfaceSnapshot", "The server is not connected, so its interface cannot be listed.")));
        }, Qt::QueuedConnection);
        return;
    }
    state->snapshot.server = session->serverInfo();
    state->snapshot.protocolVersion = session->protocolVersion();
    state->snapshot.takenAt = QDateTime::currentDateTimeUtc();
    if (!session->serverCapabilities().tools) {
        QMetaObject::invokeMethod(context, [state] { captureResources(state); }, Qt::QueuedConnection);
        return;
    }
    session->listTools(context, [state](const Result<QList<Tool>> &tools) {
        if (!tools)
            return state->fail(tools.error());
        state->snapshot.tools = tools.value();
        captureResources(state);
    });
}

} // namespace Toolgate
