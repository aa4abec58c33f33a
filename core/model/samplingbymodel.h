#pragma once

#include "core/common/result.h"
#include "core/model/modelconfig.h"
#include "core/model/modellimits.h"
#include "core/model/modelreply.h"
#include "core/model/modelrequest.h"
#include "core/protocol/sampling.h"
#include "core/requests/serverrequest.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace Toolgate {

class ModelClient;
class ModelTurn;
class SecretStore;

/// A server's sampling/createMessage answered by one of the person's model connections (models.json)
/// instead of a reply the person writes — in two steps the person approves, as the spec's sampling
/// section asks: what goes to the model (shown, editable: draft()) and the model's reply before it
/// goes back to the server (samplingResult(), shown and editable by the gate).
///
/// One object asks once: ask() fills in the connection's key from the keychain, sends the draft and
/// ends exactly once with answered() or failed() (why in words). The model client's limits apply
/// (size, time, stalls); the server cancelling, disconnecting or the request timing out (the
/// request's withdrawn()) aborts the model's request, and so does cancel() or deleting this object.
class SamplingByModel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SamplingByModel)
public:
    /// What goes to the model for request: its system prompt, its messages as text (images, audio and
    /// tool blocks described in words: the connection takes text), maxTokens, temperature and stop sequences.
    static ModelRequest draft(const SamplingRequest &request);
    /// The draft as JSON, for the audit record of what was sent.
    static QJsonObject draftToJson(const ModelRequest &draft);
    /// The CreateMessageResult for reply: the assistant's text, model as the model's name, the stop
    /// reason in the spec's words (endTurn, stopSequence, maxTokens; the provider's own otherwise).
    static SamplingResult samplingResult(const ModelReply &reply, const QString &model);
    /// The connection to offer first: the first of the server's modelPreferences.hints that a
    /// connection's name or model contains (case-insensitive), hints in the server's order; 0 when none
    /// matches. The person chooses; hints only preselect. -1 for no connections.
    static int preselected(const QList<ModelConfig> &models, const ModelPreferences &preferences);

    /// For the audit record: the reply came from config's model, and what the person changed.
    static SamplingReplySource replySource(const ModelConfig &config, const std::optional<ModelRequest> &editedDraft, bool replyEdited);
    /// Why a request was declined after its model answered: for the audit record.
    static QString declinedNote(const ModelConfig &config);

    /// keys (not owned, may be null: then only a key already in config is used) reads the key the
    /// models file keeps in the keychain. request (may be null) is watched: when it is withdrawn, the
    /// model's request is aborted; the key is kept out of its audit record (the model may echo it).
    SamplingByModel(ModelConfig config, SecretStore *keys, ServerRequest *request, QObject *parent = nullptr);
    ~SamplingByModel() override;

    const ModelConfig &config() const { return m_config; }
    void setLimits(const ModelLimits &limits) { m_limits = limits; }

    /// Sends draft to the model. Once per object.
    void ask(const ModelRequest &draft);
    /// Aborts the model's request: failed() (RequestCancelled) unless it ended already.
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    /// The model's text as it arrives.
    void textReceived(const QString &piece);
    /// The model answered: reply as CreateMessageResult, not yet sent anywhere.
    void answered(const Toolgate::SamplingResult &reply);
    void failed(const Toolgate::Error &error);

private:
    void send(const ModelConfig &config);
    void end(const Result<SamplingResult> &outcome);

    ModelConfig m_config;
    SecretStore *m_keys = nullptr;
    QPointer<ServerRequest> m_request;
    ModelLimits m_limits;
    ModelRequest m_draft;
    std::unique_ptr<ModelClient> m_client;
    QPointer<ModelTurn> m_turn;
    bool m_running = false;
    bool m_asked = false;
};

} // namespace Toolgate
