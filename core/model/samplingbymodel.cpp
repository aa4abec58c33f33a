#include "core/model/samplingbymodel.h"

#include "core/common/error.h"
#include "core/model/modelclient.h"
#include "core/model/modelerror.h"
#include "core/model/modelkeys.h"
#include "core/model/modelturn.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace Toolgate {

namespace {

/// A block as the model reads it. The connections take text only, so anything else is described in
/// words the person sees (and may change) before it is sent.
QString blockText(const SamplingContent &block)
{
    switch (block.type) {
    case SamplingContent::Type::Text:
        return block.block.text;
    case SamplingContent::Type::Image:
        return SamplingByModel::tr("[an image (%1) was here; it is not sent to the model]").arg(block.block.mimeType);
    case SamplingContent::Type::Audio:
        return SamplingByModel::tr("[a recording (%1) was here; it is not sent to the model]").arg(block.block.mimeType);
    case SamplingContent::Type::ToolUse:
        return SamplingByModel::tr("[asked for the tool %1 with %2]")
            .arg(block.toolName, QString::fromUtf8(QJsonDocument(block.input).toJson(QJsonDocument::Compact)));
    case SamplingContent::Type::ToolResult: {
        QStringList parts;
        for (const Content &content : block.resultContent)
            parts.append(content.type == Content::Type::Text ? content.text : QStringLiteral("[%1]").arg(content.typeString()));
        return (block.isError ? SamplingByModel::tr("[the tool failed: %1]") : SamplingByModel::tr("[the tool answered: %1]")).arg(parts.join(u'\n'));
    }
    }
    return {};
}

QString samplingRole(ModelMessage::Role role)
{
    switch (role) {
    case ModelMessage::Role::System: return QStringLiteral("system");
    case ModelMessage::Role::User: return QStringLiteral("user");
    case ModelMessage::Role::Assistant: return QStringLiteral("assistant");
    case ModelMessage::Role::ToolResults: return QStringLiteral("tool");
    }
    return {};
}

} // namespace

ModelRequest SamplingByModel::draft(const SamplingRequest &request)
{
    ModelRequest draft;
    if (!request.systemPrompt.isEmpty())
        draft.messages.append(ModelMessage::system(request.systemPrompt));
    for (const SamplingMessage &message : request.messages) {
        QStringList parts;
        for (const SamplingContent &block : message.content)
            parts.append(blockText(block));
        const QString text = parts.join(QLatin1String("\n\n"));
        draft.messages.append(message.role == QLatin1String("assistant") ? ModelMessage::assistant(text) : ModelMessage::user(text));
    }
    draft.maxTokens = request.maxTokens;
    draft.temperature = request.temperature;
    draft.stopSequences = request.stopSequences;
    // One answer, shown to the person when it is complete: streaming only adds ways to fail.
    draft.stream = false;
    return draft;
}

QJsonObject SamplingByModel::draftToJson(const ModelRequest &draft)
{
    QJsonArray messages;
    for (const ModelMessage &message : draft.messages)
        messages.append(QJsonObject{{QLatin1String("role"), samplingRole(message.role)}, {QLatin1String("text"), message.text}});
    QJsonObject json{{QLatin1String("messages"), messages}, {QLatin1String("maxTokens"), draft.maxTokens}};
    if (draft.temperature)
        json.insert(QLatin1String("temperature"), *draft.temperature);
    if (!draft.stopSequences.isEmpty())
        json.insert(QLatin1String("stopSequences"), QJsonArray::fromStringList(draft.stopSequences));
    return json;
}

SamplingResult SamplingByModel::samplingResult(const ModelReply &reply, const QString &model)
{
    SamplingResult result;
    result.model = model;
    result.content.append(SamplingContent::makeText(reply.text));
    switch (reply.finishReason) {
    case ModelReply::FinishReason::Stop:
        result.stopReason = reply.rawFinishReason == QLatin1String("stop_sequence") ? QStringLiteral("stopSequence") : QStringLiteral("endTurn");
        break;
    case ModelReply::FinishReason::Length:
        result.stopReason = QStringLiteral("maxTokens");
        break;
    case ModelReply::FinishReason::ToolCalls:
    case ModelReply::FinishReason::ContentFilter:
    case ModelReply::FinishReason::Other:
        // The spec allows other reasons as strings: the provider's own word is the honest one.
        result.stopReason = reply.rawFinishReason.isEmpty() ? QStringLiteral("endTurn") : reply.rawFinishReason;
        break;
    }
    return result;
}

int SamplingByModel::preselected(const QList<ModelConfig> &models, const ModelPreferences &preferences)
{
    if (models.isEmpty())
        return -1;
    for (const QString &hint : preferences.hints) {
        if (hint.trimmed().isEmpty())
            continue;
        for (qsizetype i = 0; i < models.size(); ++i) {
            if (models.at(i).model.contains(hint.trimmed(), Qt::CaseInsensitive) || models.at(i).name.contains(hint.trimmed(), Qt::CaseInsensitive))
                return int(i);
        }
    }
    return 0;
}

SamplingReplySource SamplingByModel::replySource(const ModelConfig &config, const std::optional<ModelRequest> &editedDraft, bool replyEdited)
{
    SamplingReplySource source;
    const QString sent = editedDraft ? tr("the person edited the request, then approved sending it")
                                     : tr("the person approved sending the server's request unchanged");
    const QString returned = replyEdited ? tr("edited the model's reply, then approved returning it")
                                         : tr("approved returning the model's reply unchanged");
    source.note = tr("Answered by the model \"%1\" (connection \"%2\"): %3; %4.").arg(config.model, config.name, sent, returned);
    if (editedDraft)
        source.sentToModel = draftToJson(*editedDraft);
    return source;
}

QString SamplingByModel::declinedNote(const ModelConfig &config)
{
    return tr("The person declined to return the reply of the model \"%1\" (connection \"%2\").").arg(config.model, config.name);
}

SamplingByModel::SamplingByModel(ModelConfig config, SecretStore *keys, ServerRequest *request, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_keys(keys)
    , m_request(request)
{
    if (request)
        connect(request, &ServerRequest::withdrawn, this, &SamplingByModel::cancel);
}

SamplingByModel::~SamplingByModel()
{
    // Deleting the client aborts its turn; nobody listens any more.
    if (m_turn)
        m_turn->disconnect(this);
}

void SamplingByModel::ask(const ModelRequest &draft)
{
    if (m_asked)
        return;
    m_asked = true;
    m_running = true;
    m_draft = draft;
    if (!m_keys) {
        send(m_config);
        return;
    }
    ModelKeys::fillKey(*m_keys, m_config, this, [this](const Result<ModelConfig> &filled) {
        if (!m_running)
            return; // cancelled meanwhile
        if (!filled) {
            end(filled.error());
            return;
        }
        send(filled.value());
    });
}

void SamplingByModel::send(const ModelConfig &config)
{
    // A model may repeat its key in the reply or an error (some providers quote it back); the reply
    // goes into the request's audit record.
    if (m_request)
        m_request->keepOutOfAudit(config.apiKey);
    m_client = ModelClient::create(config);
    m_client->setLimits(m_limits);
    m_turn = m_client->send(m_draft);
    connect(m_turn, &ModelTurn::textReceived, this, &SamplingByModel::textReceived);
    connect(m_turn, &ModelTurn::finished, this, [this](const ModelReply &reply) { end(samplingResult(reply, m_config.model)); });
    connect(m_turn, &ModelTurn::failed, this, [this](const Error &error) { end(error); });
}

void SamplingByModel::cancel()
{
    if (!m_running)
        return;
    if (m_turn && !m_turn->isEnded()) {
        m_turn->cancel(); // answers failed() through end()
        return;
    }
    end(ModelErrors::make(ModelProblem::Cancelled, tr("Asking the model \"%1\" was cancelled.").arg(m_config.model)));
}

void SamplingByModel::end(const Result<SamplingResult> &outcome)
{
    if (!m_running)
        return;
    m_running = false;
    if (m_turn)
        m_turn->deleteLater();
    if (outcome)
        emit answered(outcome.value());
    else
        emit failed(outcome.error());
}

} // namespace Toolgate

#include "moc_samplingbymodel.cpp"
