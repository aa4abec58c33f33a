#pragma once

#include "core/calls/approval.h"
#include "core/protocol/elicitation.h"
#include "core/requests/serverrequestgate.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

class QDialog;
class QWidget;

namespace Toolgate {

class RootsStore;
class SecretStore;
class ServerRequest;
class ServerRequestPipeline;
class ToolCall;
class ToolCallPipeline;

/// The GUI's server-request gate: what servers ask of the client is put to the person in dialogs —
/// sampling (the person writes the reply, or asks for one of the offered tools, or lets one of their
/// model connections write it, approving what goes to the model and what comes back, or declines) and
/// elicitation (a form, or a link opened only after consent) — and roots come from the folders the
/// person chose in Settings → Roots. The ServerRequestPipeline in core does the rest (parsing,
/// queueing one question per server, timeouts, the server cancelling, answering exactly once,
/// the audit record); when it withdraws a request, its dialog closes.
///
/// It also shows the browser steps a tool call's -32042 answer asks for (2025-11-25): a link dialog
/// per step, nothing opened before consent and nothing answered to the server; the dialog closes when
/// the server reports the step complete.
class ClientFeatures final : public QObject, public ServerRequestGate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientFeatures)
public:
    /// roots and requests are required; calls (may be null) is watched for -32042 outcomes; dialogs are
    /// top-level windows of dialogParent. None owned.
    ClientFeatures(RootsStore *roots, ServerRequestPipeline *requests, ToolCallPipeline *calls, QWidget *dialogParent,
                   QObject *parent = nullptr);
    ~ClientFeatures() override;

    Abilities abilities() const override;
    void present(ServerRequest *request) override;

    /// The dialogs showing now: one per server at most for requests, plus any for -32042 steps.
    QList<QDialog *> openDialogs() const;
    /// Requests not yet answered, shown or waiting, over all servers.
    int pendingCount() const;
    /// Where the sampling dialogs' Ask a Model finds the model connections: the models file at modelsPath
    /// (read for each request, so a connection added meanwhile is offered) and their keys in keys (not
    /// owned, must outlive this). Without it, Ask a Model says that no model is set up.
    void setModelSource(const QString &modelsPath, SecretStore *keys);

    /// Shows the browser steps a call's -32042 answer asks for.
    void showRequiredSteps(const ServerIdentity &server, const QList<UrlElicitation> &steps);

signals:
    /// A request was settled (answered or abandoned); for tests and the audit view.
    void requestSettled();
    /// The person asked, from a sampling dialog, to add a model connection (Settings › Models).
    void modelSettingsRequested();

private:
    QDialog *createDialog(ServerRequest *request);
    void onStepCompleted(const QString &serverName, const QString &elicitationId);

    RootsStore *m_roots;
    QString m_modelsPath;
    SecretStore *m_keys = nullptr;
    QPointer<ServerRequestPipeline> m_requests;
    QPointer<QWidget> m_dialogParent;
    /// The dialog of each request on show.
    QHash<ServerRequest *, QPointer<QDialog>> m_dialogs;

    /// A dialog for one URL step of a -32042 answer; nothing is answered to the server.
    struct RequiredDialog
    {
        QString serverName;
        QString elicitationId;
        QPointer<QDialog> dialog;
    };
    QList<RequiredDialog> m_requiredDialogs;
};

} // namespace Toolgate
