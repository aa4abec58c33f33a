#pragma once

#include "core/requests/serverrequestgate.h"
#include "core/schema/schemanode.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <deque>

namespace Toolgate {

class ServerRequest;
class TerminalReader;
class TerminalTurns;

/// Puts what a server asks of the client to the person on the terminal: an elicitation form field by
/// field (typed from its schema, defaults offered, the answer checked before it is sent), a URL step
/// (the link shown, opened only after consent), a sampling request (the person reads the conversation
/// and writes the reply, or asks for one of the offered tools, or declines). Roots come from the
/// folders named with --root. When input ends, whatever is asked is declined, saying why.
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

private:
    enum class Step {
        Idle,
        SamplingChoice, SamplingText, SamplingToolName, SamplingToolArguments, SamplingConfirm,
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

    // Form elicitation: the fields in order and the answers collected.
    QList<SchemaProperty> m_fields;
    qsizetype m_field = 0;
    QJsonObject m_content;
};

} // namespace Toolgate
