#pragma once

#include "core/model/modelsstore.h"

#include <QDialog>
#include <QList>
#include <QPointer>

#include <memory>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace Toolgate {

class MessageBanner;
class ModelClient;
class ModelConnectionTest;
class SecretStore;

/// Settings › Models: the model connections of models.json — name, wire format, base URL, model, API
/// key (kept in the system keychain, never in the file), extra headers, context limit — added,
/// edited and removed, with "Test connection", which says in plain words what works or what is wrong.
/// Saved only with Save (ModelsStore: keys first, then the file).
class ModelsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelsDialog)
public:
    /// store is not owned and must outlive the dialog. path empty: ModelsFile::defaultPath().
    ModelsDialog(SecretStore *store, const QString &path = {}, QWidget *parent = nullptr);
    ~ModelsDialog() override;

    /// Adds a connection with usable defaults and selects it.
    void addConnection();
    /// Removes the selected connection (its key goes when saved).
    void removeSelected();
    /// Tests the selected connection as the form has it now; testFinished() follows.
    void testSelected();
    /// Checks the form and saves; saved() and accept() follow once the keys and the file are written.
    void save();
    void selectConnection(int row);
    /// The line that tells the test's outcome or a problem.
    QString statusText() const;

signals:
    void testFinished();
    /// models.json was written.
    void saved();

private:
    struct Row
    {
        ModelsStore::Edited edited;
        QString typedKey;
    };
    void commitForm();
    void showRow(int row);
    void updateButtons();
    void setStatus(const QString &text, bool problem);
    /// The connection of the row as the form has it, with the key it would use: nothing when the form
    /// cannot be used (the status says why).
    std::optional<ModelConfig> formConfig(int row, bool forTest);

    SecretStore *m_store;
    QString m_path;
    QList<Row> m_rows;
    QStringList m_removed;
    int m_current = -1;
    bool m_showing = false;
    std::unique_ptr<ModelClient> m_client;
    std::unique_ptr<ModelConnectionTest> m_test;

    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLineEdit *m_name;
    QComboBox *m_api;
    QLineEdit *m_baseUrl;
    QLineEdit *m_model;
    QLineEdit *m_key;
    QPlainTextEdit *m_headers;
    QSpinBox *m_contextLimit;
    QPushButton *m_testButton;
    MessageBanner *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace Toolgate
