#include "ui/clientfeatures/clientfeatures.h"

#include "ui/clientfeatures/requestheader.h"

#include "core/calls/toolcall.h"
#include "core/model/modelsfile.h"
#include "ui/clientfeatures/elicitationdialog.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestpipeline.h"
#include "core/workspace/rootsstore.h"
#include "ui/clientfeatures/samplingdialog.h"

#include <QDialog>

namespace Toolgate {

ClientFeatures::ClientFeatures(RootsStore *roots, ServerRequestPipeline *requests, ToolCallPipeline *calls, QWidget *dialogParent,
                               QObject *parent)
    : QObject(parent)
    , m_roots(roots)
    , m_requests(requests)
    , m_dialogParent(dialogParent)
{
    Q_ASSERT(roots && requests);
    connect(m_roots, &RootsStore::changed, requests, &ServerRequestPipeline::notifyRootsChanged);
    connect(requests, &ServerRequestPipeline::requestSettled, this, &ClientFeatures::requestSettled);
    connect(requests, &ServerRequestPipeline::urlElicitationCompleted, this, &ClientFeatures::onStepCompleted);
    if (calls) {
        connect(calls, &ToolCallPipeline::callFinished, this, [this](ToolCall *call) {
            if (!call->outcome().urlElicitations.isEmpty())
                showRequiredSteps(call->server(), call->outcome().urlElicitations);
        });
    }
}

ClientFeatures::~ClientFeatures()
{
    for (const QPointer<QDialog> &dialog : std::as_const(m_dialogs)) {
        if (dialog)
            dialog->close();
    }
    for (const RequiredDialog &required : std::as_const(m_requiredDialogs)) {
        if (required.dialog)
            required.dialog->close();
    }
}

ServerRequestGate::Abilities ClientFeatures::abilities() const
{
    return Abilities{true, true, true, true, true};
}

QList<QDialog *> ClientFeatures::openDialogs() const
{
    QList<QDialog *> dialogs;
    for (const QPointer<QDialog> &dialog : m_dialogs) {
        if (dialog)
            dialogs.append(dialog);
    }
    for (const RequiredDialog &required : m_requiredDialogs) {
        if (required.dialog)
            dialogs.append(required.dialog);
    }
    return dialogs;
}

int ClientFeatures::pendingCount() const
{
    return m_requests ? int(m_requests->pendingRequests().size()) : 0;
}

void ClientFeatures::present(ServerRequest *request)
{
    if (request->kind() == ServerRequest::Kind::Roots) {
        // The person chose these folders for every server in Settings → Roots; that choice is the consent.
        QList<Root> roots;
        for (const QJsonValue &value : m_roots->roots()) {
            const QJsonObject root = value.toObject();
            roots.append(Root{root.value(QLatin1String("uri")).toString(), root.value(QLatin1String("name")).toString()});
        }
        request->answerRoots(roots);
        return;
    }
    QDialog *dialog = createDialog(request);
    m_dialogs.insert(request, dialog);
    QPointer<ServerRequest> guard(request);
    // The pipeline answered without the person (server cancelled, disconnected, timed out): close,
    // deaf to the answer closing would make.
    connect(request, &ServerRequest::withdrawn, dialog, [dialog] {
        dialog->disconnect();
        dialog->close();
        dialog->deleteLater();
    });
    connect(request, &QObject::destroyed, this, [this, request] { m_dialogs.remove(request); });
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

QDialog *ClientFeatures::createDialog(ServerRequest *request)
{
    QPointer<ServerRequest> guard(request);
    QDialog *dialog = nullptr;
    if (request->kind() == ServerRequest::Kind::Sampling) {
        auto *sampling = new SamplingDialog(request->server(), request->sampling(), request->samplingToolsAllowed(), m_dialogParent);
        if (!m_modelsPath.isEmpty()) {
            // A models file that cannot be read offers no model; Settings › Models says what is wrong with it.
            const auto models = ModelsFile::load(m_modelsPath);
            sampling->setModels(models ? models.value() : QList<ModelConfig>(), m_keys, request);
        }
        sampling->setSubmitter([guard](const SamplingResult &reply, const SamplingReplySource &source) -> Result<void> {
            if (!guard)
                return makeError(ErrorCode::RequestCancelled, ClientFeatures::tr("the request was closed meanwhile"));
            return guard->reply(reply, source);
        });
        connect(sampling, &SamplingDialog::declined, this, [guard, sampling] {
            if (guard)
                guard->decline(sampling->declineReason());
        });
        connect(sampling, &SamplingDialog::modelSettingsRequested, this, &ClientFeatures::modelSettingsRequested);
        connect(request, &ServerRequest::waitingBehindChanged, sampling, &SamplingDialog::setQueuedCount);
        sampling->setQueuedCount(request->waitingBehind());
        dialog = sampling;
    } else {
        auto *elicitation = new ElicitationDialog(request->server(), request->elicitation(), m_dialogParent);
        // Form answers are checked by core before they are sent; a refusal keeps the dialog open.
        elicitation->setSubmitter([guard](const ElicitationResult &result) -> Result<void> {
            if (!guard)
                return makeError(ErrorCode::RequestCancelled, ClientFeatures::tr("the request was closed meanwhile"));
            return guard->accept(result.content);
        });
        connect(elicitation, &ElicitationDialog::answered, this, [guard](const ElicitationResult &result) {
            if (!guard)
                return;
            switch (result.action) {
            case ElicitationResult::Action::Accept:
                // Form mode: sent by the submitter already. URL mode: the person consented and the page opened.
                // Accepting a URL request carries no content, so nothing can fail a check; should it
                // fail anyway, the server still hears back exactly once.
                if (!guard->isSettled()) {
                    if (const Result<void> accepted = guard->accept(); !accepted)
                        guard->refuse(accepted.error());
                }
                return;
            case ElicitationResult::Action::Decline:
                guard->declineElicitation();
                return;
            case ElicitationResult::Action::Cancel:
                guard->dismiss();
                return;
            }
        });
        connect(request, &ServerRequest::waitingBehindChanged, elicitation, &ElicitationDialog::setQueuedCount);
        elicitation->setQueuedCount(request->waitingBehind());
        dialog = elicitation;
    }
    showServerRequestOccasion(dialog, request->occasion());
    dialog->setWindowFlag(Qt::Window);
    connect(dialog, &QDialog::finished, dialog, &QObject::deleteLater);
    return dialog;
}

void ClientFeatures::setModelSource(const QString &modelsPath, SecretStore *keys)
{
    m_modelsPath = modelsPath;
    m_keys = keys;
}

void ClientFeatures::showRequiredSteps(const ServerIdentity &server, const QList<UrlElicitation> &steps)
{
    m_requiredDialogs.removeIf([](const RequiredDialog &required) { return !required.dialog || required.dialog->isHidden(); });
    for (const UrlElicitation &step : steps) {
        // The same step asked for again (the person ran the call before finishing it): one dialog is enough.
        const auto open = std::find_if(m_requiredDialogs.cbegin(), m_requiredDialogs.cend(), [&](const RequiredDialog &required) {
            return required.serverName == server.name && required.elicitationId == step.elicitationId;
        });
        if (open != m_requiredDialogs.cend()) {
            open->dialog->raise();
            open->dialog->activateWindow();
            continue;
        }
        auto *dialog = new ElicitationDialog(server, ElicitationRequest::forUrl(step), m_dialogParent,
                                             ElicitationDialog::Purpose::RequiredByCall);
        dialog->setWindowFlag(Qt::Window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_requiredDialogs.append(RequiredDialog{server.name, step.elicitationId, dialog});
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    }
}

void ClientFeatures::onStepCompleted(const QString &serverName, const QString &elicitationId)
{
    for (RequiredDialog &required : m_requiredDialogs) {
        if (required.serverName == serverName && required.elicitationId == elicitationId && required.dialog)
            required.dialog->close();
    }
    m_requiredDialogs.removeIf([](const RequiredDialog &required) { return !required.dialog || required.dialog->isHidden(); });
}

} // namespace Toolgate

#include "moc_clientfeatures.cpp"
