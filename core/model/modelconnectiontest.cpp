#include "core/model/modelconnectiontest.h"

#include "core/model/modelclient.h"
#include "core/model/modelturn.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace Toolgate {

ModelConnectionTest::ModelConnectionTest(ModelClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        finish(ModelProblem::TimedOut,
               QCoreApplication::translate("Toolgate::ModelConnectionTest", "The model server at %1 did not answer within %2 seconds. It may be overloaded or still loading the model; try again.")
                   .arg(m_client->endpointText())
                   .arg(m_timeout.interval() / 1000));
    });
}

ModelConnectionTest::~ModelConnectionTest()
{
    if (m_turn) {
        m_turn->disconnect(this);
        m_turn->cancel();
        m_turn->deleteLater();
    }
}

QString ModelConnectionTest::probeToolName()
{
    return QStringLiteral("toolgate_connection_check");
}

void ModelConnectionTest::start(int timeoutMs)
{
    ModelRequest request;
    request.stream = false;
    request.messages = {ModelMessage::user(QStringLiteral("Reply with the single word OK."))};
    // Offering a tool is what shows a model or server without tool support.
    request.tools = {ModelTool{probeToolName(), QStringLiteral("Does nothing. Toolgate offers it to check that tools can be offered."),
                               QJsonObject{{QLatin1String("type"), QLatin1String("object")}, {QLatin1String("properties"), QJsonObject()}}}};
    // The Messages API needs a length; OpenAI's reasoning models refuse max_tokens, so it is left out there.
    if (m_client->config().api == ModelConfig::Api::Anthropic)
        request.maxTokens = 16;
    m_turn = m_client->send(request);
    connect(m_turn, &ModelTurn::finished, this, [this] {
        finish(ModelProblem::None,
               QCoreApplication::translate("Toolgate::ModelConnectionTest", "The connection works: the model \"%1\" at %2 answered, and tools can be offered to it.")
                   .arg(m_client->config().model, m_client->endpointText()));
    });
    connect(m_turn, &ModelTurn::failed, this, [this](const Error &error) {
        QString message = error.message;
        if (!message.isEmpty())
            message[0] = message.at(0).toUpper();
        // Every failure is a problem, even one without a name of ours.
        const ModelProblem problem = modelProblemOf(error);
        finish(problem == ModelProblem::None ? ModelProblem::NetworkFailure : problem, message);
    });
    m_timeout.start(timeoutMs);
}

void ModelConnectionTest::cancel()
{
    finish(ModelProblem::Cancelled, QCoreApplication::translate("Toolgate::ModelConnectionTest", "The connection test was cancelled."));
}

void ModelConnectionTest::finish(ModelProblem problem, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_timeout.stop();
    if (m_turn) {
        ModelTurn *turn = m_turn;
        m_turn = nullptr;
        turn->disconnect(this);
        turn->cancel();
        turn->deleteLater();
    }
    m_problem = problem;
    m_message = message;
    emit finished();
}

} // namespace Toolgate

#include "moc_modelconnectiontest.cpp"
