#include "ui/viewers/filesaver.h"

#include "ui/viewers/backgroundtask.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QMimeDatabase>
#include <QPointer>
#include <QSaveFile>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace Toolgate {

QFileDialog *FileSaver::saveAs(QWidget *parent, const QByteArray &bytes, const QString &suggestedName,
                               const QString &mimeType)
{
    QWidget *window = parent ? parent->window() : nullptr;
    QString directory = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    if (directory.isEmpty())
        directory = QDir::homePath();

    auto *dialog = new QFileDialog(window, QCoreApplication::translate("Toolgate::FileSaver", "Save As"));
    dialog->setObjectName(u"saveDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    dialog->setDirectory(directory);
    const QMimeType type = QMimeDatabase().mimeTypeForName(mimeType.section(u';', 0, 0).trimmed());
    if (type.isValid() && !type.isDefault())
        dialog->setNameFilters({type.filterString(), QCoreApplication::translate("Toolgate::FileSaver", "All files (*)")});
    dialog->selectFile(suggestedName);

    QPointer<QWidget> reportTo = window;
    QObject::connect(dialog, &QFileDialog::fileSelected, dialog, [bytes, reportTo](const QString &path) {
        if (!reportTo)
            return;
        write(reportTo, path, bytes, [reportTo, path](const QString &error) {
            if (error.isEmpty() || !reportTo)
                return;
            auto *box = new QMessageBox(QMessageBox::Warning, QCoreApplication::translate("Toolgate::FileSaver", "Save As"),
                                        QCoreApplication::translate("Toolgate::FileSaver", "Could not save %1:\n%2").arg(QDir::toNativeSeparators(path), error),
                                        QMessageBox::Ok, reportTo);
            box->setTextFormat(Qt::PlainText);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
    });
    dialog->open();
    return dialog;
}

void FileSaver::write(QObject *context, const QString &path, const QByteArray &bytes,
                      std::function<void(const QString &)> done)
{
    BackgroundTask::run(
        context,
        [path, bytes]() -> QString {
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return file.errorString();
            if (file.write(bytes) != bytes.size())
                return file.errorString();
            if (!file.commit())
                return file.errorString();
            return {};
        },
        [done = std::move(done)](const QString &error) { done(error); });
}

} // namespace Toolgate
