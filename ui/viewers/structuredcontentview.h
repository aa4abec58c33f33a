#pragma once

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

class QTreeView;

namespace Toolgate {

class JsonTreeModel;
class MessageBanner;

/// A tool's structuredContent as a Key/Value/Type tree, under the verdict of the output-schema
/// check.
class StructuredContentView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StructuredContentView)
public:
    enum class Verdict {
        NotChecked,   ///< Shown without a pipeline outcome: nothing is said about the schema.
        NoSchema,     ///< The tool declares no output schema.
        Matches,      ///< Valid against the output schema.
        DoesNotMatch, ///< Invalid; see problems.
    };
    Q_ENUM(Verdict)

    explicit StructuredContentView(QWidget *parent = nullptr);

    /// Shows content with the schema verdict (and problems for DoesNotMatch).
    void setContent(const QJsonObject &content, Verdict verdict, const QStringList &problems = {});
    /// Shows only a verdict, for a result that should have had structured content but has none.
    void setVerdictOnly(Verdict verdict, const QStringList &problems);
    void clear();

    Verdict verdict() const { return m_verdict; }
    /// The verdict banner (objectName "schemaVerdict").
    MessageBanner *verdictBanner() const { return m_banner; }
    /// The tree (objectName "structuredTree").
    QTreeView *tree() const { return m_tree; }
    JsonTreeModel *model() const { return m_model; }

private:
    void showVerdict(Verdict verdict, const QStringList &problems);

    MessageBanner *m_banner;
    QTreeView *m_tree;
    JsonTreeModel *m_model;
    Verdict m_verdict = Verdict::NotChecked;
};

} // namespace Toolgate
