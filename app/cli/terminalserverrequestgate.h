#pragma once

#include "core/model/modelconfig.h"
#include "core/protocol/sampling.h"
#include "core/requests/serverrequestgate.h"
#include "core/schema/schemanode.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <deque>
#include <optional>

namespace Toolgate {

class SamplingByModel;
class SecretStore;
class ServerRequest;
class TerminalReader;
class TerminalTurns;

/// Puts what a server asks of the client to the person on the terminal: an elicitation form field by
/// field (typed from its schema, defaults offered, the answer checked before it is sent), a URL step
/// (the link shown, opened only after consent), a sampling request (the person reads the conversation
/// and writes the reply, or asks for one of the offered tools, or declines; with a sampling model set,
/// and only at a terminal, the model may write it: the person sees what goes to it and approves, then
/// sees its reply and approves returning it). Roots come from the folders named with --root. When input
/// ends, whatever is asked is declined, saying why.
class TerminalServerRequestGate final : public QObject, public ServerRequestGate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalServerRequestGate)
public:
    /// reader and turns are not owned and must outlive the gate.
    TerminalServerRequestGate(TerminalReader *reader, TerminalTurns *turns, QList<Root> roots, QObject *parent = nullptr);
    ~TerminalServerRequestGate() override;

    Abilities abilities() const override;
    void present(ServerRequest *request) override;
    /// --sampling-model: the connection that may write sampling replies; keys (not owned, must outlive
    /// the gate) holds its API key. Offered only when stdin is a terminal.
    void setSamplingModel(const ModelConfig &model, SecretStore *keys);

private:
    enum class Step {
        Idle,
        SamplingChoice, SamplingText, SamplingToolName, SamplingToolArguments, SamplingConfirm,
        SamplingModelSend, SamplingModelWaiting, SamplingModelReturn,
        FormChoice, FormField, FormConfirm,
        UrlConsent,
    };

    void begin(ServerRequest *request);
    void ask(Step step, const QString &question);
    void onLine(const QString &line);
    void onEnd();
    void onWithdrawn(ServerRequest *request, const QString &why);
    void finishCurrent();

    void showSampling();
    void onSamplingLine(const QString &line);
    void sendSamplingReply();
    bool samplingModelOffered() const;
    void showModelDraft();
    void askModel();
    void showModelReply(const SamplingResult &reply);

    void showForm();
    void askField();
    void onFieldLine(const QString &line);
    void confirmForm();

    void showUrl();

    TerminalReader *m_reader;
    TerminalTurns *m_turns;
    QList<Root> m_roots;
    QPointer<ServerRequest> m_current;
    Step m_step = Step::Idle;

    // Sampling: what the person has written so far.
    QStringList m_replyLines;
    QString m_toolName;
    QJsonObject m_toolArguments;
    bool m_replyIsTool = false;
    int m_toolUses = 0;
    // Sampling by the model of --sampling-model.
    std::optional<ModelConfig> m_samplingModel;
    SecretStore *m_keys = nullptr;
    QPointer<SamplingByModel> m_asker;
    std::optional<SamplingResult> m_modelReply;

    // Form elicitation: the fields in order and the answers collected.
    QList<SchemaProperty> m_fields;
    qsizetype m_field = 0;
    QJsonObject m_content;
};

} // namespace Toolgate
