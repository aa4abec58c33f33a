#pragma once

#include "core/common/result.h"

#include <QJsonArray>
#include <QObject>
#include <QStringList>

namespace Toolgate {

/// The folders the person lets servers see (MCP roots): one list for every server, kept in a JSON
/// file. Served to servers as file:// URIs; changed() tells the app to send roots/list_changed.
class RootsStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RootsStore)
public:
    /// path: the JSON file (created on the first save).
    explicit RootsStore(QString path, QObject *parent = nullptr);

    /// roots.json in the app's config folder (TOOLGATE_CONFIG_DIR when set).
    static QString defaultPath();
    QString path() const { return m_path; }

    /// Reads the file; a missing file is an empty list.
    Result<void> load();

    /// Absolute, cleaned folder paths in the order the person gave them.
    QStringList folders() const { return m_folders; }
    /// Replaces the list and saves it; emits changed() when it differs. Relative or empty paths are refused.
    Result<void> setFolders(const QStringList &folders);

    /// The list as MCP Root objects: [{"uri": "file:///…", "name": "<folder name>"}].
    QJsonArray roots() const;

signals:
    void changed();

private:
    Result<void> save(const QStringList &folders) const;

    QString m_path;
    QStringList m_folders;
};

} // namespace Toolgate
