#include "core/model/conversationstore.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace Toolgate {

namespace {

QJsonObject toJson(const SavedConversation &saved)
{
    QJsonArray exposed;
    for (const ToolNameMap::McpTool &tool : saved.exposedTools)
        exposed.append(QJsonObject{{QStringLiteral("server"), tool.server}, {QStringLiteral("tool"), tool.tool}});
    return {{QStringLiteral("id"), saved.id},
            {QStringLiteral("model"), saved.model},
            {QStringLiteral("updated"), saved.updated.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("exposedTools"), exposed},
            {QStringLiteral("conversation"), saved.conversation.toJson()}};
}

SavedConversation fromJson(const QJsonObject &json)
{
    SavedConversation saved;
    saved.id = json.value(QLatin1String("id")).toString();
    saved.model = json.value(QLatin1String("model")).toString();
    saved.updated = QDateTime::fromString(json.value(QLatin1String("updated")).toString(), Qt::ISODate);
    const QJsonArray exposed = json.value(QLatin1String("exposedTools")).toArray();
    for (const QJsonValue &value : exposed) {
        const QJsonObject tool = value.toObject();
        saved.exposedTools.append({tool.value(QLatin1String("server")).toString(), tool.value(QLatin1String("tool")).toString()});
    }
    saved.conversation = Conversation::fromJson(json.value(QLatin1String("conversation")).toObject());
    saved.conversation.id = saved.id;
    return saved;
}

} // namespace

ConversationStore::ConversationStore(const QString &path)
    : m_path(path.isEmpty() ? defaultPath() : path)
{ }

QString ConversationStore::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("conversations.json"));
}

Result<void> ConversationStore::load()
{
    m_conversations.clear();
    m_unreadable = false;
    QFile file(m_path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        m_unreadable = true;
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::ConversationStore", "%1 could not be read: %2")
                             .arg(QDir::toNativeSeparators(m_path), file.errorString()));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject()) {
        m_unreadable = true;
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate(
                             "Toolgate::ConversationStore",
                             "%1 is not a conversations file (%2); it is left as it is, and conversations are not saved until it is "
                             "moved away")
                             .arg(QDir::toNativeSeparators(m_path), parseError.errorString()));
    }
    const QJsonArray list = document.object().value(QLatin1String("conversations")).toArray();
    for (const QJsonValue &value : list) {
        SavedConversation saved = fromJson(value.toObject());
        if (!saved.id.isEmpty() && !find(saved.id))
            m_conversations.append(saved);
    }
    return {};
}

const SavedConversation *ConversationStore::find(const QString &id) const
{
    for (const SavedConversation &saved : m_conversations) {
        if (saved.id == id)
            return &saved;
    }
    return nullptr;
}

Result<SavedConversation> ConversationStore::create(const QString &title, const QString &model,
                                                    const QList<ToolNameMap::McpTool> &exposedTools)
{
    SavedConversation saved;
    saved.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    saved.model = model;
    saved.exposedTools = exposedTools;
    saved.conversation.id = saved.id;
    saved.conversation.title = title;
    saved.updated = QDateTime::currentDateTimeUtc();
    m_conversations.prepend(saved);
    if (Result<void> saving = save(); !saving)
        return saving.error();
    return saved;
}

Result<void> ConversationStore::update(const SavedConversation &conversation)
{
    for (qsizetype i = 0; i < m_conversations.size(); ++i) {
        if (m_conversations.at(i).id == conversation.id) {
            m_conversations.removeAt(i);
            break;
        }
    }
    SavedConversation updated = conversation;
    updated.conversation.id = updated.id; // one id for the conversation wherever it is named
    updated.updated = QDateTime::currentDateTimeUtc();
    m_conversations.prepend(updated);
    return save();
}

Result<void> ConversationStore::rename(const QString &id, const QString &title)
{
    for (SavedConversation &saved : m_conversations) {
        if (saved.id == id) {
            saved.conversation.title = title;
            return save();
        }
    }
    return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::ConversationStore", "there is no such conversation"));
}

Result<void> ConversationStore::remove(const QString &id)
{
    for (qsizetype i = 0; i < m_conversations.size(); ++i) {
        if (m_conversations.at(i).id == id) {
            m_conversations.removeAt(i);
            return save();
        }
    }
    return {};
}

Result<void> ConversationStore::save()
{
    if (m_unreadable) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::ConversationStore",
                                                     "%1 could not be read, so it is not written over; move it away to keep conversations")
                             .arg(QDir::toNativeSeparators(m_path)));
    }
    QJsonArray list;
    for (const SavedConversation &saved : std::as_const(m_conversations))
        list.append(toJson(saved));
    const QByteArray data = QJsonDocument(QJsonObject{{QStringLiteral("conversations"), list}}).toJson(QJsonDocument::Indented);
    if (Result<void> written = AtomicFile::write(m_path, data); !written)
        return written.error();
    return {};
}

} // namespace Toolgate
