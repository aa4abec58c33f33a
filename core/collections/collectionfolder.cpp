#include "core/collections/collectionfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QPromise>
#include <QThreadPool>

namespace Toolgate {

QString CollectionFolder::Entry::title() const
{
    if (collection && !collection->name.isEmpty())
        return collection->name;
    return QFileInfo(path).completeBaseName();
}

CollectionFolder::CollectionFolder(QObject *parent)
    : QObject(parent)
{
    // Saving writes a temporary file and renames it: a burst of changes that is read once.
    m_delay.setSingleShot(true);
    m_delay.setInterval(150);
    connect(&m_delay, &QTimer::timeout, this, &CollectionFolder::read);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &CollectionFolder::refresh);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &CollectionFolder::refresh);
}

void CollectionFolder::setFolder(const QString &folder)
{
    if (!m_watcher.directories().isEmpty())
        m_watcher.removePaths(m_watcher.directories());
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    m_folder = folder;
    QDir().mkpath(folder);
    m_watcher.addPath(folder);
    read();
}

const CollectionFolder::Entry *CollectionFolder::entry(const QString &path) const
{
    for (const Entry &e : m_entries) {
        if (e.path == path)
            return &e;
    }
    return nullptr;
}

void CollectionFolder::refresh()
{
    m_delay.start();
}

void CollectionFolder::read()
{
    m_delay.stop();
    const quint64 generation = ++m_generation;
    auto promise = std::make_shared<QPromise<QList<Entry>>>();
    auto *watcher = new QFutureWatcher<QList<Entry>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        // A later read is under way: its answer is the one to show.
        if (generation != m_generation || watcher->future().resultCount() == 0)
            return;
        m_entries = watcher->future().result();
        QStringList files;
        for (const Entry &e : std::as_const(m_entries))
            files.append(e.path);
        if (!m_watcher.files().isEmpty())
            m_watcher.removePaths(m_watcher.files());
        if (!files.isEmpty())
            m_watcher.addPaths(files); // an edit in place (no rename) changes no directory entry
        emit refreshed();
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, folder = m_folder] {
        QList<Entry> entries;
        const QFileInfoList files = QDir(folder).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name | QDir::IgnoreCase);
        for (const QFileInfo &file : files) {
            Entry entry;
            entry.path = file.absoluteFilePath();
            Result<Collection> loaded = Collection::load(entry.path);
            if (loaded)
                entry.collection = std::move(loaded.value());
            else
                entry.error = loaded.error().message;
            entries.append(std::move(entry));
        }
        promise->addResult(entries);
        promise->finish();
    });
}

} // namespace Toolgate

#include "moc_collectionfolder.cpp"
