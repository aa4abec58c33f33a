#pragma once

#include "core/collections/collection.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>

#include <optional>

namespace Toolgate {

/// The collection files of a folder (*.json), each read (Collection::load) off the GUI thread, kept up to
/// date as files come, change and go. A file that cannot be read stays listed with the reason.
class CollectionFolder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CollectionFolder)
public:
    struct Entry
    {
        QString path;
        std::optional<Collection> collection; ///< unset: the file cannot be used (error says why)
        QString error;

        /// The collection's name, else the file's name.
        QString title() const;
    };

    explicit CollectionFolder(QObject *parent = nullptr);

    /// Lists folder (created when missing) and watches it.
    void setFolder(const QString &folder);
    QString folder() const { return m_folder; }
    const QList<Entry> &entries() const { return m_entries; }
    /// The entry of path, or null.
    const Entry *entry(const QString &path) const;

public slots:
    /// Reads the folder again (soon: bursts of changes make one read).
    void refresh();

signals:
    /// entries() changed.
    void refreshed();

private:
    void read();

    QString m_folder;
    QList<Entry> m_entries;
    QFileSystemWatcher m_watcher;
    QTimer m_delay;
    quint64 m_generation = 0;
};

} // namespace Toolgate
