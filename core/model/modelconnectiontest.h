#pragma once

#include "core/common/error.h"
#include "core/model/modelerror.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

namespace Toolgate {

class ModelClient;
class ModelTurn;

/// "Test connection": one tiny, non-streamed turn with one harmless tool offered, so that every
/// usual problem shows — nothing listening, a wrong key, an unknown model, no tool support, a
/// timeout — and is said in plain words. Answers finished() once.
class ModelConnectionTest final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelConnectionTest)
public:
    /// client is not owned and must outlive the test.
    explicit ModelConnectionTest(ModelClient *client, QObject *parent = nullptr);
    ~ModelConnectionTest() override;

    static constexpr int defaultTimeoutMs = 60 * 1000; // a local server may load the model first
    /// The name of the tool the test offers.
    static QString probeToolName();

    void start(int timeoutMs = defaultTimeoutMs);
    /// Ends it at once (finished() with ModelProblem::Cancelled), unless it has ended.
    void cancel();

    bool isFinished() const { return m_finished; }
    bool works() const { return m_finished && m_problem == ModelProblem::None; }
    /// What went wrong (None when it works).
    ModelProblem problem() const { return m_problem; }
    /// In words for people: that it works, or what is wrong and what to do.
    QString message() const { return m_message; }

signals:
    void finished();

private:
    void finish(ModelProblem problem, const QString &message);

    ModelClient *m_client;
    QPointer<ModelTurn> m_turn;
    QTimer m_timeout;
    bool m_finished = false;
    ModelProblem m_problem = ModelProblem::None;
    QString m_message;
};

} // namespace Toolgate
