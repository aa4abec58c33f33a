#include "core/model/modelsstore.h"

#include "core/auth/secretstore.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"

#include <QPointer>

#include <memory>

namespace Toolgate::ModelsStore {

namespace {

using Step = std::function<void(std::function<void(const Result<void> &)>)>;

/// The keychain steps, one after another; the first failure ends the run.
struct Run
{
    SecretStore *store = nullptr;
    QPointer<QObject> context;
    QList<Step> steps;
    std::function<void(const Result<void> &)> done;

    static void next(const std::shared_ptr<Run> &run)
    {
        if (!run->context)
            return;
        if (run->steps.isEmpty()) {
            run->done({});
            return;
        }
        const Step step = run->steps.takeFirst();
        step([run](const Result<void> &result) {
            if (!result) {
                if (run->context)
                    run->done(result.error());
                return;
            }
            next(run);
        });
    }
};

} // namespace

void save(SecretStore &store, const QString &path, const QList<Edited> &models, const QStringList &removed, QObject *context,
          std::function<void(const Result<void> &)> done)
{
    auto run = std::make_shared<Run>();
    run->store = &store;
    run->context = context;
    QList<ModelConfig> configs;
    QStringList kept;
    for (const Edited &edited : models) {
        ModelConfig config = edited.config;
        const QString name = config.name;
        const bool renamed = !edited.previousName.isEmpty() && edited.previousName != name;
        const QString previous = edited.previousName;
        kept.append(name);
        if (edited.keyChanged || config.keyWasInFile) {
            const QString key = config.apiKey;
            run->steps.append([run, name, key](auto next) { ModelKeys::write(*run->store, name, key, run->context, next); });
            config.keyInKeychain = !key.isEmpty();
            if (renamed)
                run->steps.append([run, previous](auto next) { ModelKeys::remove(*run->store, previous, run->context, next); });
        } else if (renamed && config.keyInKeychain) {
            // The key moves with the name: read under the old name, written under the new, the old one removed.
            run->steps.append([run, previous, name](auto next) {
                ModelKeys::read(*run->store, previous, run->context, [run, previous, name, next](const Result<QString> &key) {
                    if (!key) {
                        next(key.error());
                        return;
                    }
                    ModelKeys::write(*run->store, name, key.value(), run->context, [run, previous, next](const Result<void> &written) {
                        if (!written) {
                            next(written);
                            return;
                        }
                        ModelKeys::remove(*run->store, previous, run->context, next);
                    });
                });
            });
        }
        config.apiKey.clear();
        config.keyWasInFile = false;
        configs.append(config);
    }
    for (const QString &name : removed) {
        // A name given to another connection meanwhile keeps the key that connection has now.
        if (!kept.contains(name))
            run->steps.append([run, name](auto next) { ModelKeys::remove(*run->store, name, run->context, next); });
    }
    run->steps.append([path, configs](auto next) { next(ModelsFile::save(path, configs)); });
    run->done = std::move(done);
    Run::next(run);
}

} // namespace Toolgate::ModelsStore
